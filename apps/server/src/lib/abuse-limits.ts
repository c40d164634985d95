/**
 * How often the public routes may be called (docs/decisions/0016, docs/operations.md
 * "Abuse limits"). Each is a count per window; the environment may change them.
 */
export interface AbuseLimits {
  /** Sign-in, one-time-code checks and resends, per source address, per minute. */
  signinPerMinute: number;
  /** Sign-ups and forgotten-password mails, per source address, per hour. */
  mailsPerHour: number;
  /** Sign-ups and forgotten-password mails, per e-mail address, per hour. */
  mailsPerAddressPerHour: number;
  /** Licence key checks and uses, per signed-in user, per minute. */
  licenceChecksPerMinute: number;
  /** Graph queries (`POST /api/project/timeseries/:id`), per signed-in user, per minute. */
  graphsPerMinute: number;
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = {
  signinPerMinute: 20,
  mailsPerHour: 20,
  mailsPerAddressPerHour: 3,
  licenceChecksPerMinute: 20,
  graphsPerMinute: 240,
};

/**
 * Under NODE_ENV=test the defaults are a thousand times higher: the permissions matrix and
 * the end-to-end suite send everything from 127.0.0.1. The tests of the limits set them.
 */
export const TEST_ABUSE_FACTOR = 1000;

/**
 * The source a request is counted under: its IPv4 address, or the /64 of its IPv6 address
 * (one subscriber usually holds a whole /64).
 */
export function sourceOf(ip: string): string {
  const bare = ip.toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (!bare.includes(':')) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = bare.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}
