import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every reply, the console's and the API's alike (see
 * docs/operations.md, "HTTP limits and headers"). Scripts come from the server only; styles
 * may be inline because MUI's emotion injects <style> tags and uPlot sets style attributes;
 * images may be data: or blob: URLs (icons in stylesheets, files made in the page), and so
 * may media (the QR scanner's camera, where srcObject is missing); socket.io connects back to the same origin over WebSocket, which older browsers
 * do not count as 'self', hence the explicit ws(s) origin of PUBLIC_URL. Nothing may frame
 * the console (the spec embeds it nowhere).
 */
export function contentSecurityPolicy(publicUrl: string): Record<string, string[]> {
  const origin = new URL(publicUrl);
  const socketOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", socketOrigin],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  // Over plain HTTP (a LAN install, the tests) upgrading would break every request.
  if (origin.protocol === 'https:') directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The security headers of every reply, worked out once: helmet's defaults with the policy
 * above, no framing (X-Frame-Options DENY besides frame-ancestors), Referrer-Policy
 * same-origin, nosniff, and HSTS when the public address is HTTPS. helmet's middleware runs
 * once on a stand-in response and its headers are kept (none depends on the request here:
 * no nonce).
 */
export function securityHeaders(publicUrl: string): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl) },
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: publicUrl.startsWith('https:')
      ? { maxAge: 15_552_000, includeSubDomains: false }
      : false,
    // helmet 8 throws a bad option at once; its callback is only called back.
  })({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/**
 * Security headers on every reply (see `securityHeaders`), set on the raw response as the
 * request comes in, so a reply that bypasses fastify's serialiser has them too.
 * @fastify/helmet built helmet's middleware again for every request, parsing the policy
 * each time (decision 0062).
 */
export const securityHeadersPlugin = fp<{ publicUrl: string }>(async (app, { publicUrl }) => {
  const headers = securityHeaders(publicUrl);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
