/**
 * Administrator's console benchmark (issue 17 §5, decision 0028): the real app, listening on
 * loopback, with 10,000 gateways across 200 teams; an administrator pages the gateway list
 * (25 per page, every page once in a shuffled order), then pages with filters and searches
 * (type, online, a name, a MAC fragment), then the fleet statistics. On SQLite, and on
 * PostgreSQL when its binaries are installed. Target: p99 < 100 ms per page on each database.
 * Run alone: `node --import tsx bench/admin-paging.bench.ts`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { GATEWAY_TYPES } from '@atrium/contracts/limits';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { newId } from '../apps/server/src/lib/ids';
import { newGatewayRow } from '../apps/server/src/modules/gateways/gateway-rows';
import { newProjectRow } from '../apps/server/src/modules/projects/project-view';
import { PG_BIN, startPostgres } from '../apps/server/test/postgres-cluster';

const GATEWAYS = 10_000;
const TEAMS = 200;
const PAGE_SIZE = 25;
const TARGET_P99_MS = 100;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

interface Figures {
  db: string;
  pages: number;
  p50: number;
  p99: number;
  filteredP50: number;
  filteredP99: number;
  statsP50: number;
}

async function measure(db: string, env: Record<string, string>, analyze: boolean) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env });
  const { app, modules } = await buildApp({ ...config, seedDemo: false });
  try {
    const { repo: usersRepo, users, tokens } = modules.users;
    const adminTeam = newId();
    const admin = {
      ...(await users.newUserRow('bench-admin@atrium.local', 'admin', adminTeam, 'Bench-Pass-1!')),
      email_verified: 1,
    };
    await usersRepo.createTeamWithUser({ id: adminTeam, name: 'Admins' }, admin);
    const teams = Array.from({ length: TEAMS }, (_, i) => ({ id: newId(), name: `Team ${i}` }));
    const projects: ReturnType<typeof newProjectRow>[] = [];
    for (const team of teams) {
      const owner = {
        ...(await users.newUserRow(`owner-${team.id}@atrium.local`, 'supervisor', team.id, 'x')),
        email_verified: 1,
      };
      await usersRepo.createTeamWithUser(team, owner);
      projects.push(newProjectRow(team.id, `Project of ${team.name}`));
    }
    await modules.projects.repo.insert(projects);
    const rows = Array.from({ length: GATEWAYS }, (_, i) => {
      // Nine in ten on a team's project, the rest waiting.
      const project = i % 10 ? projects[i % projects.length] : undefined;
      return newGatewayRow({
        mac: (i * 7919).toString(16).padStart(12, '0'),
        sn: `SN${String(i).padStart(6, '0')}`,
        type: GATEWAY_TYPES[i % GATEWAY_TYPES.length] ?? 'kloudnx',
        name: `Gateway ${i}`,
        version: ['8.4.2', '8.5.0', '8.5.1'][i % 3] ?? null,
        online: i % 4 ? 1 : 0,
        team_id: project?.team_id ?? null,
        project_id: project?.id ?? null,
        waiting: project ? 0 : 1,
      });
    });
    await modules.gateways.repo.insert(rows);
    if (analyze) await sql`ANALYZE`.execute(app.db);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const headers = { authorization: `Bearer ${await tokens.sign(admin)}` };
    const get = async (path: string) => {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
      return performance.now() - started;
    };

    const pageCount = GATEWAYS / PAGE_SIZE;
    const order = Array.from({ length: pageCount }, (_, i) => i + 1);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 1, order[i] ?? 1];
    }
    for (let i = 0; i < 20; i++) await get(`/api/admin/gateways?page=${i + 1}`); // warm-up
    const plain: number[] = [];
    for (const page of order) plain.push(await get(`/api/admin/gateways?page=${page}`));

    const filters = [
      ...GATEWAY_TYPES.map((t) => `type=${t}`),
      'online=true',
      'online=false&type=kloudnx',
      'search=gateway%2099',
      'search=1f',
      'search=SN00',
    ];
    const filtered: number[] = [];
    for (let round = 0; round < 10; round++)
      for (const f of filters)
        for (const page of [1, 2, 10, 40])
          filtered.push(await get(`/api/admin/gateways?${f}&page=${page}`));
    const stats: number[] = [];
    for (let i = 0; i < 50; i++) stats.push(await get('/api/admin/fleet-stats'));

    return {
      db,
      pages: plain.length + filtered.length,
      p50: quantile(plain, 0.5),
      p99: quantile(plain, 0.99),
      filteredP50: quantile(filtered, 0.5),
      filteredP99: quantile(filtered, 0.99),
      statsP50: quantile(stats, 0.5),
    } satisfies Figures;
  } finally {
    await app.close();
  }
}

export async function main(): Promise<boolean> {
  const results: Figures[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'atrium-admin-bench-'));
  try {
    results.push(await measure('SQLite', { DATA_DIR: dir }, false));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (existsSync(PG_BIN)) {
    const cluster = await startPostgres();
    const pgDir = mkdtempSync(join(tmpdir(), 'atrium-admin-bench-'));
    try {
      results.push(
        await measure('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: cluster.url }, true),
      );
    } finally {
      cluster.stop();
      rmSync(pgDir, { recursive: true, force: true });
    }
  } else console.log(`PostgreSQL skipped: ${PG_BIN} is missing`);

  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(
    `${GATEWAYS.toLocaleString('en-US')} gateways, ${TEAMS} teams, ${PAGE_SIZE} per page, ` +
      `HTTP on loopback; target p99 < ${TARGET_P99_MS} ms per page`,
  );
  console.log('| database | pages | p50 | p99 | filtered p50 | filtered p99 | fleet-stats p50 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.db} | ${r.pages} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.filteredP50)} | ` +
        `${ms(r.filteredP99)} | ${ms(r.statsP50)} |`,
    );
  const met = results.every((r) => r.p99 < TARGET_P99_MS && r.filteredP99 < TARGET_P99_MS);
  console.log(met ? 'target met' : 'TARGET MISSED');
  return met;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await main()) ? 0 : 1;
}
