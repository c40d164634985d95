import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { AbuseLimits } from '../../lib/abuse-limits';
import type { RecordActivity } from '../../lib/activity';
import type { Mailer } from '../mail/mailer';
import { accountRoutes } from './accounts.routes';
import { AccountsService } from './accounts.service';
import { SessionResolver } from './session-resolver';
import { SessionRevocations } from './session-revocations';
import { SessionTokens } from './session-tokens';
import { SigninService } from './signin.service';
import { SigninThrottle } from './signin-throttle';
import { UsersRepository } from './users.repository';
import { userRoutes } from './users.routes';
import { UsersService } from './users.service';

/** What the users module is built from (see app.ts). */
export interface UsersModuleDeps {
  db: Db;
  mailer: Mailer;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** The console's address: links in mails, and secure cookies when it is https. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Call limits of sign-in, sign-up and reset mails. */
  abuseLimits: AbuseLimits;
  /** The team activity log: accounts changed, sign-ins from new browsers. */
  record: RecordActivity;
}

/** Accounts, sign-in and sessions (area `user` of the spec's call catalogue). */
export function createUsersModule(d: UsersModuleDeps) {
  const repo = new UsersRepository(d.db);
  const tokens = new SessionTokens(d.jwtSecret, d.jwtTtlSeconds);
  const revocations = new SessionRevocations(d.log);
  const deps = {
    repo,
    mailer: d.mailer,
    publicUrl: d.publicUrl,
    log: d.log,
    revocations,
    record: d.record,
  };
  const users = new UsersService(deps);
  const signin = new SigninService(deps, users, tokens, new SigninThrottle(deps, users));
  const accounts = new AccountsService(deps, users);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(userRoutes, {
      users,
      signin,
      secureCookies: d.publicUrl.startsWith('https://'),
      limits: d.abuseLimits,
    });
    await app.register(accountRoutes, { accounts });
  };
  return {
    repo,
    users,
    tokens,
    /** Checks session tokens for the auth plugin and the socket.io handshake alike. */
    sessions: new SessionResolver(tokens, repo),
    /** Where app.ts hears of ended sessions, to close their sockets. */
    revocations,
    routes,
  };
}

export type UsersModule = ReturnType<typeof createUsersModule>;
