/** Whole days, hours and minutes between two instants (for "online since"). */
export function durationParts(fromMs: number, nowMs: number) {
  const minutes = Math.max(0, Math.floor((nowMs - fromMs) / 60_000));
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

/** "29,1 V / 12 %" in the console's language; a dash for an unknown value. */
export function formatPower(volt: number | null, busload: number | null, locale: string): string {
  if (volt === null && busload === null) return '—';
  const number = (value: number | null, digits: number) =>
    value === null
      ? '—'
      : value.toLocaleString(locale, { minimumFractionDigits: 0, maximumFractionDigits: digits });
  return `${number(volt, 1)} V / ${number(busload, 0)} %`;
}

/** The local access link of a gateway's own UI (spec §9: port 11196). */
export function localAccessUrl(ip: string | null, port: number): string | null {
  const host = ip?.trim();
  if (!host || !/^[0-9a-z.:-]+$/i.test(host)) return null;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
