/** The read value in the console's language, with its unit (`1 234,5 kWh`). */
export function formatLiveValue(
  value: number | string | boolean,
  unit: string,
  locale: string,
): string {
  const text =
    typeof value === 'number'
      ? new Intl.NumberFormat(locale, { maximumFractionDigits: 5 }).format(value)
      : String(value);
  return unit.trim() ? `${text} ${unit.trim()}` : text;
}

/** A raw register as its hexadecimal word and its decimal value: `0x4348 (17224)`. */
export const formatRegister = (register: number): string =>
  `0x${register.toString(16).toUpperCase().padStart(4, '0')} (${register})`;
