import { describe, expect, it } from 'vitest';
import { RevisionCache } from './list-cache';
import { PreparedJson } from './prepared-json';

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
