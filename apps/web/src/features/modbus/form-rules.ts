/** Rules the meter, configuration and wizard forms share (document 3 §4, §5, §9). */

export type FormMode = 'create' | 'edit' | 'duplicate';

/** Appended to a duplicate's name (document 3 §9). */
export const DUPLICATE_SUFFIX = ' -- COPY';

/** The invalid-form alert stays 3 s, plus 1 s per field it lists (document 3 §9). */
export const invalidAlertDuration = (fieldCount: number) => 3000 + 1000 * fieldCount;

/** errorDuringProcess stays 3 s (document 3 §8). */
export const PROCESS_ERROR_MS = 3000;

/** An integer typed as text; NaN (refused by the contracts) when it is not one. */
export function readInteger(text: string): number {
  const t = text.trim();
  return /^[+-]?\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** A decimal typed with a dot or a comma (`0,01`); NaN when it is not one. */
export function readDecimal(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

/** A number written in the console's language, without grouping (`0,01` in French). */
export function writeDecimal(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 5 }).format(
    value,
  );
}

interface Issue {
  path: readonly PropertyKey[];
}

/** The first message key per form field of a contract's issues, read by the issue's path. */
export function fieldErrorsOf<F extends string>(
  issues: readonly Issue[],
  fieldOfPath: Readonly<Record<string, F>>,
  messages: Readonly<Record<F, string>>,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = fieldOfPath[issue.path.map(String).join('.')];
    if (field) errors[field] ??= messages[field];
  }
  return errors;
}
