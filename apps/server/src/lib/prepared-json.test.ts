import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RevisionCache } from './list-cache';
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

describe('RevisionCache', () => {
  const prepared = (s: string) => new PreparedJson(Buffer.from(s));

  it('builds once per revision, and again when the revision moves on', async () => {
    const cache = new RevisionCache();
    let builds = 0;
    const build = async () => prepared(`v${++builds}`);
    const [a, b] = await Promise.all([cache.get('k', 1, build), cache.get('k', 1, build)]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
    expect((await cache.get('k', 1, build)).json.toString()).toBe('v1');
    expect((await cache.get('k', 2, build)).json.toString()).toBe('v2');
    // A slow build of an older revision never replaces a newer entry.
    expect((await cache.get('k', 1, build)).json.toString()).toBe('v3');
    expect((await cache.get('k', 2, build)).json.toString()).toBe('v2');
  });

  it('drops the least recently used entries past its size', async () => {
    const cache = new RevisionCache(10);
    let builds = 0;
    const build = (s: string) => async () => {
      builds++;
      return prepared(s);
    };
    await cache.get('a', 1, build('aaaa'));
    await cache.get('b', 1, build('bbbb'));
    await cache.get('a', 1, build('aaaa'));
    await cache.get('c', 1, build('cccc'));
    expect(builds).toBe(3);
    await cache.get('a', 1, build('aaaa'));
    expect(builds).toBe(3);
    await cache.get('b', 1, build('bbbb'));
    expect(builds).toBe(4);
  });
});
