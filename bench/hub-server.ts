/**
 * The server process of the hub benchmark and of the fault test: the real app
 * (embedded broker, or MQTT_URL) on DATA_DIR, seeded once with HUB_GATEWAYS
 * gateways (kloudnx, 100 per project) whose device secrets are written to
 * DATA_DIR/credentials.csv for the simulator, and an admin; with HUB_RULES, that many alert
 * thresholds on the gateways (bench/hub-rules.ts), Pushover on in the projects whose rules
 * fire. A restart on the same DATA_DIR seeds nothing. Prints `HUB_READY {json}` (ports, admin
 * token, project ids, the alert engine's rule count).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import {
  reportThreadEvery,
  samplePromotedAllocations,
} from '../apps/server/src/lib/thread-diagnostics';
import { newId, sha256 } from '../apps/server/src/lib/ids';
import { newGatewayRow } from '../apps/server/src/modules/gateways/gateway-rows';
import { newProjectRow } from '../apps/server/src/modules/projects/project-view';
import { benchGateway } from './hub-processes';
import { BENCH_NOTIFICATION, benchRules } from './hub-rules';
import { envNumber } from './knobs';

const PER_PROJECT = 100;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Every simulated gateway connects from 127.0.0.1: no cap per address (256 by default).
  MQTT_PRE_LOGIN_PER_ADDRESS: process.env.MQTT_PRE_LOGIN_PER_ADDRESS ?? '0',
});
const { app, modules } = await buildApp({ ...config, seedDemo: false });
const { repo: usersRepo, users, tokens } = modules.users;
const [projectsRepo, gatewaysRepo] = [modules.projects.repo, modules.gateways.repo];
const credentials = join(config.dataDir, 'credentials.csv');

async function seed(count: number, ruleCount: number) {
  const team = newId();
  const admin = {
    ...(await users.newUserRow('hub-bench@atrium.local', 'admin', team, 'Bench-Pass-1!')),
    email_verified: 1,
  };
  await usersRepo.createTeamWithUser({ id: team, name: 'Hub bench' }, admin);
  const rules = benchRules(count, ruleCount, PER_PROJECT);
  const projects = Array.from({ length: Math.ceil(count / PER_PROJECT) }, (_, i) => {
    const row = newProjectRow(team, `Hub ${i}`);
    const thresholds = rules.byProject.get(i);
    if (!thresholds) return row;
    return {
      ...row,
      logger_thresholds: JSON.stringify(thresholds),
      logger_max_thresholds: Math.max(row.logger_max_thresholds, thresholds.length),
      notification: rules.pushover.has(i) ? JSON.stringify(BENCH_NOTIFICATION) : null,
    };
  });
  await projectsRepo.insert(projects);
  const lines = ['mac,secret,type'];
  const rows = Array.from({ length: count }, (_, i) => {
    const { mac, secret } = benchGateway(i);
    lines.push(`${mac},${secret},kloudnx`);
    return newGatewayRow({
      mac,
      sn: `HB${i.toString(16).toUpperCase().padStart(6, '0')}`,
      type: 'kloudnx',
      name: `Hub gw ${i}`,
      version: '8.5.0',
      initialized: 1,
      team_id: team,
      project_id: projects[Math.floor(i / PER_PROJECT)]?.id ?? null,
      secret_hash: sha256(secret),
    });
  });
  await gatewaysRepo.insert(rows);
  writeFileSync(credentials, `${lines.join('\n')}\n`);
}

if (!existsSync(credentials)) {
  await seed(envNumber('HUB_GATEWAYS', 1000), envNumber('HUB_RULES', 0));
  // The engine loaded the rules when the app was built, before the seed.
  await modules.alerts.engine.reload();
}
const admin = await usersRepo.findByEmail('hub-bench@atrium.local');
if (!admin) throw new Error('no bench admin');
const projects = await app.db.selectFrom('projects').select('id').orderBy('name').execute();

await app.listen({ host: '127.0.0.1', port: config.port });
console.log(
  `HUB_READY ${JSON.stringify({
    port: config.port,
    mqttPort: modules.hub.mqttPort(),
    token: await tokens.sign(admin),
    projects: projects.map((p) => p.id),
    credentials,
    alerts: modules.alerts.engine.stats(),
  })}`,
);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// HUB_BENCH_DIAG=1: every 2 s on stderr, the main thread's heap, GC and event-loop delay, the
// CPU of each thread and the delay from a telegram's creation to the hub's console event. The
// broker thread prints its own line (broker-thread-main.ts).
if (process.env.HUB_BENCH_DIAG) {
  // CPU per thread (ticks of 10 ms) since the last line, busiest first.
  const ticks = new Map<string, number>();
  const threads = () =>
    readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      return { id: `${name}:${tid}`, cpu: Number(fields[11]) + Number(fields[12]) };
    });
  // Telegram creation (on the simulated gateway) to the hub's console event, in ms.
  let seen: number[] = [];
  modules.hub.events.on('telegrams', (e) => {
    const now = Date.now();
    for (const item of e.items) seen.push(now - item.t);
  });
  reportThreadEvery('main', 2_000, () => {
    const sorted = seen.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
    seen = [];
    const cpu = threads()
      .map((t) => {
        const delta = t.cpu - (ticks.get(t.id) ?? t.cpu);
        ticks.set(t.id, t.cpu);
        return { id: t.id, pct: delta / 2 };
      })
      .filter((t) => t.pct >= 5)
      .sort((a, b) => b.pct - a.pct)
      .map((t) => `${t.id} ${t.pct}%`)
      .join(', ');
    const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
    return `rss ${rss} MiB; hub event delay p50 ${at(0.5)} p99 ${at(0.99)} max ${at(1)} ms; threads ${cpu}`;
  });
}
// HUB_BENCH_HEAP_SAMPLE=DIR: what the main thread promotes, from HUB_BENCH_HEAP_SAMPLE_AFTER ms
// after the start (30,000) for HUB_BENCH_HEAP_SAMPLE_FOR ms (25,000).
if (process.env.HUB_BENCH_HEAP_SAMPLE)
  samplePromotedAllocations(
    join(process.env.HUB_BENCH_HEAP_SAMPLE, 'main.heapprofile'),
    Number(process.env.HUB_BENCH_HEAP_SAMPLE_AFTER ?? 30_000),
    Number(process.env.HUB_BENCH_HEAP_SAMPLE_FOR ?? 25_000),
  );
