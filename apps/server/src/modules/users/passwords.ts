import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// A real hash of a random value, so that unknown e-mails cost as much time as known ones.
const dummyHash = hash('timing-equaliser-' + Math.random(), OPTIONS);

/** Verifies a password; a missing hash still spends the time of a real check. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
