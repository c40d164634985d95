import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** New entity id (UUID v4 without dashes, 32 hex). */
export const newId = (): string => randomUUID().replaceAll('-', '');

/** An unguessable token for links sent by mail, plus the hash that is stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
