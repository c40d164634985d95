import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, PreparedJson } from './prepared-json';

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
