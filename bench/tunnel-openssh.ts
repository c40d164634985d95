import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { vpnProxyReply, vpnStatusReply } from '@atrium/contracts/vpn';
import { TUNNEL_CIPHERS } from '../apps/server/src/modules/vpn/tunnel/tunnel-server';
import { freePort } from '../apps/server/test/postgres-cluster';
import { benchGateway } from './hub-processes';

type Api = (method: 'GET' | 'POST', path: string, body?: object) => Promise<unknown>;

/**
 * A gateway whose tunnel is OpenSSH's own client (`ssh -N -R 80:…`), as a real gateway's
 * would be, forwarding the bench's page server: bench gateway number `index` (seeded, not
 * run by the fleet). Its session is written straight into the server's SQLite file (the
 * gateway has no MQTT link to receive `vpn.open`). Resolves with its proxy host and process.
 */
export async function openSshGateway(o: {
  dir: string;
  index: number;
  tunnelPort: number;
  pagePort: number;
  call: Api;
}): Promise<{ host: string; child: ChildProcess }> {
  const { mac, secret } = benchGateway(o.index);
  const db = new Database(join(o.dir, 'atrium.sqlite'));
  try {
    const gw = db.prepare('select id, project_id, team_id from gateways where mac = ?').get(mac) as
      { id: string; project_id: string | null; team_id: string | null } | undefined;
    if (!gw) throw new Error(`bench gateway ${mac} not seeded`);
    const now = Date.now();
    db.prepare(
      'insert into vpn_sessions (id, gateway_id, mac, project_id, team_id, opened_by, opened_at, until) values (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      `openssh-${now}`,
      gw.id,
      mac,
      gw.project_id,
      gw.team_id ?? '',
      'bench',
      now,
      now + 3_600_000,
    );
  } finally {
    db.close();
  }
  const askpass = join(o.dir, 'askpass.sh');
  writeFileSync(askpass, `#!/bin/sh\necho '${secret}'\n`, { mode: 0o700 });
  const child = spawn(
    'ssh',
    [
      ...['-F', '/dev/null', '-N', '-p', String(o.tunnelPort)],
      ...['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null'],
      ...['-o', 'PreferredAuthentications=password', '-o', 'PubkeyAuthentication=no'],
      ...['-R', `80:127.0.0.1:${o.pagePort}`, `${mac}@127.0.0.1`],
    ],
    {
      env: { ...process.env, SSH_ASKPASS: askpass, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: ':0' },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = vpnStatusReply.parse(await o.call('GET', `/api/vpn/status/${mac}`));
    if (s.online === 'true') break;
    if (Date.now() > deadline) throw new Error('OpenSSH gateway did not connect');
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 500)); // its forward follows the login
  const proxy = vpnProxyReply.parse(await o.call('GET', `/api/vpn/proxy/id/${mac}`));
  return { host: new URL(proxy.urls.config).host, child };
}

/**
 * The floor of any SSH tunnel on this machine: the page reached through OpenSSH's client and
 * OpenSSH's server (`ssh -L` to Debian's `sshd`, no Atrium at all), with the cipher the
 * tunnel endpoint offers first. The same hops as the proxied path (client → forwarder
 * decrypting → peer encrypting → page), all in C, no HTTP parsing. Resolves with the local
 * port that reaches the page, or with `missing` (why) when `/usr/sbin/sshd` is absent or the
 * tunnel does not come up (the benchmark then prints that the floor was not measured).
 */
export async function openSshFloor(o: {
  dir: string;
  pagePort: number;
  children: ChildProcess[];
}): Promise<{ port: number } | { missing: string }> {
  const sshd = '/usr/sbin/sshd';
  if (!existsSync(sshd)) return { missing: `no ${sshd} (Debian's openssh-server)` };
  const dir = join(o.dir, 'floor');
  mkdirSync(dir, { recursive: true });
  mkdirSync('/run/sshd', { recursive: true }); // sshd's privilege separation directory
  for (const key of ['host', 'user'])
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, key)]);
  const [sshdPort, port] = [await freePort(), await freePort()];
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${sshdPort}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host')}`,
      `AuthorizedKeysFile ${join(dir, 'user.pub')}`,
      'PermitRootLogin yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      `PidFile ${join(dir, 'sshd.pid')}`,
      `Ciphers ${TUNNEL_CIPHERS.join(',')}`,
      'AllowTcpForwarding yes',
      '',
    ].join('\n'),
  );
  const server = spawn(sshd, ['-D', '-e', '-f', config], { stdio: 'ignore' });
  o.children.push(server);
  if (!(await listening(sshdPort))) return { missing: 'sshd did not start' };
  const client = spawn(
    'ssh',
    [
      ...['-F', '/dev/null', '-N', '-i', join(dir, 'user'), '-p', String(sshdPort)],
      ...['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null'],
      ...['-o', 'ExitOnForwardFailure=yes', '-o', `User=${userInfo().username}`],
      ...['-L', `${port}:127.0.0.1:${o.pagePort}`, '127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  o.children.push(client);
  if (!(await listening(port))) return { missing: '`ssh -L` to sshd did not come up' };
  return { port };
}

/** Whether 127.0.0.1:port accepts a connection within 10 s (tried every 100 ms). */
async function listening(port: number) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '127.0.0.1', port }, () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
