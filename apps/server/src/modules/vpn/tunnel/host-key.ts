import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';

/** The SSH endpoint's host key (OpenSSH private key text) and its SHA256 fingerprint. */
export interface HostKey {
  privateKey: string;
  /** As OpenSSH prints it after `SHA256:`: base64 of the key blob's hash, unpadded. */
  fingerprint: string;
}

/** SHA256 fingerprint of a public key blob, in OpenSSH's form (without the `SHA256:` prefix). */
export const fingerprintOf = (blob: Buffer) =>
  createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');

/**
 * A new ed25519 key in OpenSSH's format. ssh2 writes a public key whose first byte is 0 one
 * byte short (as if it were a number), then cannot read it back (about 1 key in 250): such a
 * key is drawn again.
 */
function newEd25519Key(): string {
  for (;;) {
    const pair = ssh2.utils.generateKeyPairSync('ed25519');
    if (!(ssh2.utils.parseKey(pair.private) instanceof Error)) return pair.private;
  }
}

/**
 * Reads the host key from DATA_DIR, creating an ed25519 key on first start. Every node of a
 * deployment shares DATA_DIR's key (or the same file): gateways check it against the
 * fingerprint the `vpn.open` command gives them.
 */
export function loadOrCreateHostKey(dataDir: string): HostKey {
  const file = join(dataDir, 'tunnel-host-key');
  if (!existsSync(file)) writeFileSync(file, newEd25519Key(), { mode: 0o600 });
  const privateKey = readFileSync(file, 'utf8');
  const parsed = ssh2.utils.parseKey(privateKey);
  if (parsed instanceof Error) throw new Error(`tunnel host key ${file}: ${parsed.message}`);
  // parseKey answers one key for an OpenSSH private key file (an array only for PPK pairs).
  const key: ssh2.ParsedKey | undefined = Array.isArray(parsed)
    ? (parsed as ssh2.ParsedKey[])[0]
    : parsed;
  if (!key) throw new Error(`tunnel host key ${file}: no key`);
  return { privateKey, fingerprint: fingerprintOf(key.getPublicSSH()) };
}
