import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Rank } from '@atrium/contracts/limits';
import { buildApp, type AppModules } from '../src/app';
import { loadConfig } from '../src/config';
import { newId } from '../src/lib/ids';
import { Mailbox } from './mailbox';

export interface TestServer {
  app: FastifyInstance;
  /** The server's modules as app.ts built them: repositories and services to arrange a test with. */
  modules: AppModules;
  mailbox: Mailbox;
  dbKind: 'sqlite' | 'postgres';
  /** The server's DATA_DIR (outbox, firmware files), removed by close(). */
  dataDir: string;
  /** Its PostgreSQL database, when the run uses PostgreSQL. */
  pgUrl: string | undefined;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database in the run's cluster; returns its URL and a drop function. */
async function createPgDatabase(baseUrl: string) {
  const name = `t_${newId().slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const modulesByApp = new WeakMap<FastifyInstance, AppModules>();

/** The modules of a test server's app, for helpers that are given the app only. */
export function modulesOf(app: FastifyInstance): AppModules {
  const modules = modulesByApp.get(app);
  if (!modules) throw new Error('not an app of startTestServer');
  return modules;
}

/**
 * The real server on a fresh database (SQLite, or PostgreSQL when the run
 * asks for it) and a real SMTP server that keeps the mails.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  /** Another node of the same deployment: its DATA_DIR (database file, keys) and database. */
  sameAs?: TestServer,
): Promise<TestServer> {
  const dataDir = sameAs?.dataDir ?? mkdtempSync(join(tmpdir(), 'atrium-test-'));
  const mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  const pgUrl = inject('pgUrl');
  const pgDb = sameAs
    ? sameAs.pgUrl
      ? { url: sameAs.pgUrl, drop: async () => {} }
      : undefined
    : pgUrl
      ? await createPgDatabase(pgUrl)
      : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: process.env.ATRIUM_TEST_LOG ?? 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    // The gateway hub's embedded broker on a free loopback port, so test files run side by side.
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    // The remote access SSH endpoint on a free port too, and the demo's energy meter.
    TUNNEL_PORT: '0',
    DEMO_MODBUS_PORT: '0',
    // No retention sweep unless a test asks: it would prune the fixtures' old points.
    RETENTION_SWEEP_HOURS: '0',
    // A fresh MQTT session per server: a queued message of an earlier test must not arrive here.
    MQTT_CLIENT_ID: `atrium-test-${randomUUID().slice(0, 8)}`,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const { app, modules } = await buildApp(config);
  modulesByApp.set(app, modules);
  await app.ready();
  return {
    app,
    modules,
    mailbox,
    dbKind: pgDb ? 'postgres' : 'sqlite',
    dataDir,
    pgUrl: pgDb ? pgDb.url : undefined,
    async close() {
      await app.close();
      await mailbox.stop();
      if (sameAs) return;
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  team: string;
  rank: Rank;
  password: string;
  token: string;
}

export const PASSWORD = 'Correct-Horse-9!';

/** Inserts a verified user straight into the database and signs a session token for it. */
export async function createUser(
  app: FastifyInstance,
  rank: Rank,
  team: string = newId(),
  email = `${rank}-${newId().slice(0, 8)}@example.com`,
): Promise<TestUser> {
  const users = modulesOf(app).users.users;
  const usersRepo = modulesOf(app).users.repo;
  const tokens = modulesOf(app).users.tokens;
  const row = { ...(await users.newUserRow(email, rank, team, PASSWORD)), email_verified: 1 };
  if (!(await app.db.selectFrom('teams').select('id').where('id', '=', team).executeTakeFirst())) {
    await usersRepo.createTeamWithUser({ id: team, name: team }, row);
  } else {
    await usersRepo.insertUser(row);
  }
  return { id: row.id, email, team, rank, password: PASSWORD, token: await tokens.sign(row) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
