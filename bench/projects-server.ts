/**
 * The server process of the projects benchmark: the real app on a fresh
 * SQLite file, seeded with one team of 500 projects and 5,000 gateways (one
 * project holds 1,000), listening on a free loopback port. Prints one line
 * `BENCH_READY {json}` with the port, a session token and the big project's id.
 * Asked "elapsed" over IPC, it answers the server-side times (ms) of the
 * requests since the last question.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayType } from '@atrium/contracts/limits';
import { GATEWAY_TYPES } from '@atrium/contracts/limits';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { newId } from '../apps/server/src/lib/ids';
import { newGatewayRow } from '../apps/server/src/modules/gateways/gateway-rows';
import { newProjectRow } from '../apps/server/src/modules/projects/project-view';

export const SEED = { projects: 500, gateways: 5_000, bigProject: 1_000 };

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'atrium-bench-'));
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const { app, modules } = await buildApp({ ...config, seedDemo: false });
const { repo: usersRepo, users, tokens } = modules.users;
const [projectsRepo, gatewaysRepo] = [modules.projects.repo, modules.gateways.repo];

const team = newId();
const owner = {
  ...(await users.newUserRow('bench@atrium.local', 'supervisor', team, 'Bench-Pass-1!')),
  email_verified: 1,
};
await usersRepo.createTeamWithUser({ id: team, name: 'Bench' }, owner);

const projects = Array.from({ length: SEED.projects }, (_, i) =>
  newProjectRow(team, `Project ${String(i).padStart(3, '0')}`),
);
await projectsRepo.insert(projects);
const big = projects[0];
if (!big) throw new Error('no project');
const types: readonly GatewayType[] = GATEWAY_TYPES;
const gateways = Array.from({ length: SEED.gateways }, (_, i) => {
  // The first 1,000 in the big project, the others spread over the remaining 499.
  const project = i < SEED.bigProject ? big : projects[1 + (i % (SEED.projects - 1))];
  return newGatewayRow({
    mac: i.toString(16).padStart(12, '0'),
    sn: `SN${i.toString(16).toUpperCase().padStart(6, '0')}`,
    type: types[i % types.length] ?? 'kloudnx',
    name: `Gateway ${i}`,
    version: i % 3 ? '8.5.0' : '8.4.2',
    online: i % 4 ? 1 : 0,
    connection: i % 50 ? 0 : 1,
    initialized: 1,
    team_id: team,
    project_id: project?.id ?? null,
  });
});
await gatewaysRepo.insert(gateways);

// Time spent inside the server per request, so that load-generator and machine noise can be told apart.
let elapsed: number[] = [];
app.addHook('onResponse', async (_req, reply) => {
  elapsed.push(reply.elapsedTime);
});
process.on('message', (message) => {
  if (message !== 'elapsed') return;
  process.send?.({ elapsed });
  elapsed = [];
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(
  `BENCH_READY ${JSON.stringify({ port, token: await tokens.sign(owner), bigProject: big.id })}`,
);

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
