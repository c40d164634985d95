import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { vpnProxyReply, vpnStatusReply } from '@atrium/contracts/vpn';
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
