import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const key = () => randomBytes(32).toString('base64url');

describe('the secret box', () => {
  it('opens what it sealed for the same context only, and nothing sealed under another key', () => {
    const k = key();
    const box = new SecretBox(k);
    const sealed = box.seal('{"apikey":"abc12345"}', 'gw-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('abc12345');
    expect(box.seal('same', 'gw-1')).not.toBe(box.seal('same', 'gw-1'));
    expect(box.open(sealed, 'gw-1')).toBe('{"apikey":"abc12345"}');
    expect(box.open(sealed, 'gw-2')).toBeNull();
    expect(new SecretBox(key()).open(sealed, 'gw-1')).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    const damaged = Buffer.from(data!, 'base64url');
    damaged[damaged.length - 1]! ^= 0x01; // one bit of the ciphertext, always a change
    const flipped = `${v}.${iv}.${tag}.${damaged.toString('base64url')}`;
    expect(box.open(flipped, 'gw-1')).toBeNull();
    expect(box.open('garbage', 'gw-1')).toBeNull();
    expect(new SecretBox(Buffer.from(k, 'base64url').toString('base64')).open(sealed, 'gw-1')).toBe(
      '{"apikey":"abc12345"}',
    );
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new SecretBox('c2hvcnQ')).toThrow();
  });
});
