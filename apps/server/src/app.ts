import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LIMITS } from '@atrium/contracts/limits';
import type { Config } from './config';
import { openDatabase, migrateToLatest, type Db } from './db/database';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { systemRoutes } from './modules/system/system.routes';
import { AccountsService } from './modules/users/accounts.service';
import { accountRoutes } from './modules/users/accounts.routes';
import { SessionTokens } from './modules/users/session-tokens';
import { SigninService } from './modules/users/signin.service';
import { UsersRepository } from './modules/users/users.repository';
import { userRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { webPlugin } from './plugins/web';
import { join } from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbPing(): Promise<void>;
    services: AppServices;
  }
}

export interface AppServices {
  users: UsersService;
  signin: SigninService;
  accounts: AccountsService;
  usersRepo: UsersRepository;
  tokens: SessionTokens;
  mailer: Mailer;
}

// Never log secrets: passwords, tokens and cookies are redacted wherever they appear.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
];

/** Assembles the server: database, plugins, then feature modules. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: REDACT },
    bodyLimit: LIMITS.bodyMaxBytes,
    trustProxy: true,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = openDatabase(config.database);
  app.decorate('db', db);
  app.decorate('dbPing', async () => {
    await sql`select 1`.execute(db);
  });
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  const applied = await migrateToLatest(db);
  if (applied.length) app.log.info({ applied }, 'migrations applied');

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: app.log,
  });
  app.addHook('onClose', () => mailer.close());

  const usersRepo = new UsersRepository(db);
  const tokens = new SessionTokens(config.jwtSecret, config.jwtTtlSeconds);
  const deps = { repo: usersRepo, mailer, publicUrl: config.publicUrl, log: app.log };
  const users = new UsersService(deps);
  const signin = new SigninService(deps, users, tokens);
  const accounts = new AccountsService(deps, users);
  app.decorate('services', { users, signin, accounts, usersRepo, tokens, mailer });

  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, { tokens, repo: usersRepo });
  await app.register(openApiPlugin);
  await app.register(systemRoutes, { i18nDir: config.i18nDir });
  await app.register(userRoutes, {
    users,
    signin,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  await app.register(accountRoutes, { accounts });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
