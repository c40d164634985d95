import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

let t: TestServer;
let webDist: string;
beforeAll(async () => {
  // A console build of two files: the index page and one script.
  webDist = mkdtempSync(join(tmpdir(), 'atrium-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets/index-abc.js'), 'console.log(1)');
  t = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The policy's directives by name. */
function directives(csp: unknown): Map<string, string[]> {
  expect(typeof csp).toBe('string');
  const entries = String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name = '', ...values]) => [name, values] as const);
  return new Map(entries);
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('security headers', () => {
  it.each([
    ['the index page', '/'],
    ['a console path', '/projects/list'],
    ['a console script', '/assets/index-abc.js'],
    ['an API reply', '/api/health'],
    ['an API error', '/api/project/list'],
    ['an unknown API path', '/api/nothing-here'],
    ['the OpenAPI UI', '/api/docs'],
    ['its script', '/api/docs/static/swagger-initializer.js'],
  ])('%s carries the policy, no framing and the referrer policy', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBeLessThan(500);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:8080']);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS and upgrades requests only when the public address is HTTPS', async () => {
    expect((await get('/api/health')).headers['strict-transport-security']).toBeUndefined();
    expect(
      directives((await get('/')).headers['content-security-policy']).has(
        'upgrade-insecure-requests',
      ),
    ).toBe(false);
    const https = await startTestServer({
      WEB_DIST: webDist,
      PUBLIC_URL: 'https://atrium.example',
    });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://atrium.example']);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await https.close();
    }
  });
});
