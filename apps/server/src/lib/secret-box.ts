import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets stored in the database (pool vendor credentials, decision 0031), encrypted with
 * AES-256-GCM under the server's secrets key (SECRETS_KEY, or DATA_DIR/secrets-key): the
 * stored text is `v1.{iv}.{tag}.{ciphertext}` (base64url). `context` (the gateway's id) is
 * authenticated too, so a blob copied onto another row does not open there.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: string) {
    this.key = Buffer.from(key, key.includes('+') || key.includes('/') ? 'base64' : 'base64url');
    if (this.key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
    return `v1.${parts.join('.')}`;
  }

  /** The plain text, or null when the blob is not ours (another key, context or damage). */
  open(sealed: string, context: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      return null;
    }
  }
}
