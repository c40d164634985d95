/**
 * The server process of the consoles benchmark: the real app (embedded broker, or MQTT_URL;
 * SQLite in DATA_DIR, or DATABASE_URL) seeded with BENCH_PROJECTS projects, each in its own
 * team with BENCH_USERS_PER_PROJECT members (supervisor rank, as a sign-up makes them), and
 * BENCH_GATEWAYS gateways spread round-robin over the projects (device secrets written to
 * DATA_DIR/credentials.csv for the simulator, as bench/hub-server.ts does), plus an admin
 * for the hub's counters. Writes one session token per member to DATA_DIR/consoles.json
 * ({token, project} each) and prints `CONSOLES_READY {json}`. Asked "elapsed" over IPC, it
 * answers the server-side times (ms) of the projects-list requests since the last question,
 * how long each telegram took from its gateway to the hub (`taken`, ms → count) and the main
 * thread's event-loop delay p99 since the last question.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { newId, sha256 } from '../apps/server/src/lib/ids';
import { newGatewayRow } from '../apps/server/src/modules/gateways/gateway-rows';
import { newProjectRow } from '../apps/server/src/modules/projects/project-view';
import { benchGateway } from './hub-processes';
import { envNumber } from './knobs';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Every console socket and API call comes from 127.0.0.1, as from a balancer: no per-peer
  // cap (it is 256 by default, and 1,000 consoles are the point).
  HTTP_MAX_CONNECTIONS_PER_IP: '0',
  // Nor for the gateways' MQTT logins, from the same address (256 by default).
  MQTT_PRE_LOGIN_PER_ADDRESS: '0',
});
const { app, modules } = await buildApp({ ...config, seedDemo: false });
const { repo: usersRepo, users, tokens } = modules.users;

const gatewayCount = envNumber('BENCH_GATEWAYS', 10_000);
const projectCount = envNumber('BENCH_PROJECTS', 200);
const perProject = envNumber('BENCH_USERS_PER_PROJECT', 5);

const adminTeam = newId();
const admin = {
  ...(await users.newUserRow('consoles-bench@atrium.local', 'admin', adminTeam)),
  email_verified: 1,
};
await usersRepo.createTeamWithUser({ id: adminTeam, name: 'Consoles bench' }, admin);

const consoles: { token: string; project: string }[] = [];
const projects: ReturnType<typeof newProjectRow>[] = [];
for (let p = 0; p < projectCount; p++) {
  const team = newId();
  const project = newProjectRow(team, `Site ${String(p).padStart(3, '0')}`);
  for (let u = 0; u < perProject; u++) {
    const user = {
      ...(await users.newUserRow(`site${p}-user${u}@atrium.local`, 'supervisor', team)),
      email_verified: 1,
    };
    if (u === 0) await usersRepo.createTeamWithUser({ id: team, name: `Team ${p}` }, user);
    else await usersRepo.insertUser(user);
    consoles.push({ token: await tokens.sign(user), project: project.id });
  }
  projects.push(project);
}
await modules.projects.repo.insert(projects);

const lines = ['mac,secret,type'];
const gateways = Array.from({ length: gatewayCount }, (_, i) => {
  const { mac, secret } = benchGateway(i);
  lines.push(`${mac},${secret},kloudnx`);
  const project = projects[i % projects.length];
  return newGatewayRow({
    mac,
    sn: `CB${i.toString(16).toUpperCase().padStart(6, '0')}`,
    type: 'kloudnx',
    name: `Site gw ${i}`,
    version: '8.5.0',
    initialized: 1,
    team_id: project?.team_id ?? null,
    project_id: project?.id ?? null,
    secret_hash: sha256(secret),
  });
});
await modules.gateways.repo.insert(gateways);
const credentials = join(config.dataDir, 'credentials.csv');
writeFileSync(credentials, `${lines.join('\n')}\n`);
const consolesFile = join(config.dataDir, 'consoles.json');
writeFileSync(consolesFile, JSON.stringify(consoles));

// Time spent inside the server per projects-list request (load generator and machine noise apart).
let elapsed: number[] = [];
app.addHook('onResponse', async (req, reply) => {
  if (req.method === 'GET' && req.url === '/api/project') elapsed.push(reply.elapsedTime);
});
// Each telegram's delay from its creation on the gateway (`t`) until the hub took it (the
// live view's event), in 1 ms buckets: the push delay's part before the console window.
let taken = new Map<number, number>();
modules.hub.events.on('telegrams', (e) => {
  const now = Date.now();
  for (const item of e.items) {
    const ms = Math.max(0, now - item.t);
    taken.set(ms, (taken.get(ms) ?? 0) + 1);
  }
});
// The main thread's event-loop delay, from one "elapsed" to the next (the load).
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
process.on('message', (message) => {
  if (message !== 'elapsed') return;
  process.send?.({ elapsed, taken: [...taken], loopP99Ms: loop.percentile(99) / 1e6 });
  elapsed = [];
  taken = new Map();
  loop.reset();
});

await app.listen({ host: '127.0.0.1', port: config.port });
console.log(
  `CONSOLES_READY ${JSON.stringify({
    port: config.port,
    token: await tokens.sign(admin),
    credentials,
    consoles: consolesFile,
  })}`,
);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
