import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadEntry } from './thread-entry';

const fallback = new URL('./fallback.mjs', import.meta.url);

describe('threadEntry', () => {
  it('compiles a TypeScript entry into one plain module that a thread runs without tsx', async () => {
    const source = new URL('../../test/thread-entry-fixture.ts', import.meta.url);
    const entry = threadEntry(source, fallback);
    expect(entry.href).toMatch(
      /\/node_modules\/\.cache\/atrium-threads\/thread-entry-fixture\.[0-9a-f]{16}\.mjs$/,
    );
    expect(threadEntry(source, fallback)).toBe(entry); // once per process
    const code = readFileSync(fileURLToPath(entry), 'utf8');
    expect(code).toMatch(/from "zod"/); // npm packages stay imports
    expect(code).not.toMatch(/@atrium\//); // workspace sources are compiled in
    // No loader: the parent's (vitest's, tsx's) are not passed on.
    const worker = new Worker(entry, { execArgv: [] });
    const message = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    expect(message).toBe('nx/0a0000000001/cmd');
    await worker.terminate();
  });

  it('answers the fallback when the source cannot be compiled', () => {
    const missing = new URL('./no-such-thread.ts', import.meta.url);
    expect(threadEntry(missing, fallback)).toBe(fallback);
  });
});
