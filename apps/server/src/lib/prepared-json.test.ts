import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, GZIP_INLINE_MAX_BYTES, PreparedJson, sendPrepared } from './prepared-json';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('PreparedJson', () => {
  it('compresses once and keeps the result', async () => {
    const reply = new PreparedJson(Buffer.from(JSON.stringify({ list: Array(500).fill('abc') })));
    const first = await reply.gzip();
    expect(await reply.gzip()).toBe(first);
    expect(gunzipSync(first).equals(reply.json)).toBe(true);
  });
});

describe('sendPrepared', () => {
  const json = (bytes: number) =>
    Buffer.from(JSON.stringify({ list: Array(Math.ceil(bytes / 6)).fill('abcd') }));

  it('never makes a request wait for the compression of a large reply', async () => {
    const small = new PreparedJson(json(10_000));
    const large = new PreparedJson(json(GZIP_INLINE_MAX_BYTES * 2));
    const app = Fastify();
    app.get('/small', (req, reply) => sendPrepared(req, reply, small));
    app.get('/large', (req, reply) => sendPrepared(req, reply, large));
    const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    try {
      // Small: compressed at once, from the first request.
      const first = await get('/small');
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(first.rawPayload).equals(small.json)).toBe(true);
      // Large: the first request gets the JSON as it is (the same content, no waiting)...
      const plain = await get('/large');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      expect(plain.rawPayload.equals(large.json)).toBe(true);
      // ... and once the compression made off the event loop is ready, the gzip form.
      await large.gzip();
      const zipped = await get('/large');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).equals(large.json)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
