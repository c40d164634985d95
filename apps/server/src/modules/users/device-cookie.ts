/** Name of the cookie that marks a browser whose one-time code was confirmed. */
export const DEVICE_COOKIE = 'atrium_device';
const MAX_AGE_S = 180 * 24 * 3600;

export function readDeviceCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export const deviceCookieHeader = (id: string, secure: boolean) =>
  `${DEVICE_COOKIE}=${id}; Path=/api/user; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
