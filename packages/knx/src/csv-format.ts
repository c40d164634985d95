/** Separators ETS offers for its CSV export (domain README §1). */
export type CsvSeparator = '\t' | ',' | ';';

const SEPARATORS: readonly CsvSeparator[] = ['\t', ';', ','];

/** Quotes one field as ETS does: always in double quotes, inner quotes doubled. */
export function quoteField(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

function isSeparator(char: string): char is CsvSeparator {
  return char === '\t' || char === ',' || char === ';';
}

/** Counts each separator outside quotes on the first line; the most frequent wins (tab on a tie). */
export function detectSeparator(text: string): CsvSeparator {
  const counts = new Map<CsvSeparator, number>(SEPARATORS.map((sep) => [sep, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && isSeparator(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return SEPARATORS.reduce((best, sep) =>
    (counts.get(sep) ?? 0) > (counts.get(best) ?? 0) ? sep : best,
  );
}

/**
 * Splits CSV text into rows of fields (RFC 4180 quoting: quotes around a field,
 * doubled quotes inside, separators and line breaks allowed inside quotes). Spaces
 * around a field are dropped, as in the `"EG"; ; ;"1/-/-"` rows some tools write.
 */
export function parseCsv(text: string, separator: CsvSeparator): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  const endField = (): void => {
    row.push(wasQuoted ? field : field.trim());
    field = '';
    wasQuoted = false;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quoted) {
      if (char !== '"') {
        field += char;
      } else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else {
        quoted = false;
      }
    } else if (char === '"') {
      quoted = true;
      wasQuoted = true;
      field = '';
    } else if (char === separator) endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endField();
      rows.push(row);
      row = [];
    } else if (!wasQuoted) field += char;
  }
  if (field !== '' || wasQuoted || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell !== ''));
}
