import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TunnelClient } from '@atrium/gateway-agent/tunnel-client';
import { waitFor } from '../../../../test/hub-helpers';
import { loadOrCreateHostKey, type HostKey } from './host-key';
import { TunnelServer, type TunnelAuthorizer } from './tunnel-server';

const MAC = 'aabbccddee01';
const quiet = { info: () => undefined, warn: () => undefined };
let dir: string;
let hostKey: HostKey;
const servers: TunnelServer[] = [];
const clients: TunnelClient[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-tunnel-login-'));
  hostKey = loadOrCreateHostKey(dir);
});
afterEach(async () => {
  clients.splice(0).forEach((c) => c.close());
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The endpoint with `authorize`, and the gateway's tunnel client opened on it. */
async function connectWith(authorize: TunnelAuthorizer) {
  const server = new TunnelServer({
    hostKey,
    authorize,
    log: quiet,
    onUp: () => undefined,
    onForwards: () => undefined,
    onDown: () => undefined,
  });
  servers.push(server);
  const port = await server.listen('127.0.0.1', 0);
  const client = new TunnelClient({
    mac: MAC,
    secret: 'secret',
    targets: async () => ({ config: { host: '127.0.0.1', port: 9 } }),
    onChange: () => undefined,
    minBackoffMs: 100,
    maxBackoffMs: 200,
  });
  clients.push(client);
  client.open({
    host: '127.0.0.1',
    port,
    hostKey: hostKey.fingerprint,
    until: Date.now() + 60_000,
  });
  return { server, client };
}

describe('the tunnel login', () => {
  it('is tried again when the check itself fails (database down), not given up', async () => {
    let calls = 0;
    const { server, client } = await connectWith(async () => {
      if (++calls === 1) throw new Error('connection terminated');
      return { sessionId: 's1' };
    });
    await waitFor(() => client.online);
    expect(calls).toBe(2);
    expect(server.get(MAC)?.sessionId).toBe('s1');
  });

  it('is given up when refused (no session): the gateway stops trying', async () => {
    let calls = 0;
    const { server, client } = await connectWith(async () => {
      calls++;
      return null;
    });
    await waitFor(() => calls === 1);
    // Several backoffs long: a client that retried would have asked again.
    await new Promise((r) => setTimeout(r, 800));
    expect(calls).toBe(1);
    expect(client.online).toBe(false);
    expect(server.get(MAC)).toBeUndefined();
  });
});
