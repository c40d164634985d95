import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { ACTIVITY_RETENTION_MS } from '@atrium/contracts/activity';
import type { Db } from '../../db/database';
import type { RecordActivity } from '../../lib/activity';
import { AuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { AuditService } from './audit.service';

/** What the audit module is built from (see app.ts). */
export interface AuditModuleDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * The team activity log (issue 16, decision 0022). Built first: the users, projects,
 * gateways and licences modules are given its `record` port.
 */
export function createAuditModule(d: AuditModuleDeps) {
  const repo = new AuditRepository(d.db);
  const service = new AuditService(repo, d.log);
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = service
      .sweep(ACTIVITY_RETENTION_MS)
      .then((removed) => {
        if (removed) d.log.info({ removed }, 'activity log swept');
      })
      .catch((err: unknown) => d.log.error({ err }, 'activity sweep failed'));
  };
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(auditRoutes, { audit: service });
  };
  return {
    repo,
    service,
    record: service.record satisfies RecordActivity,
    routes,
    /** Sweeps entries older than a year every `intervalMs` (0: never), as the other sweeps. */
    start(intervalMs: number) {
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(sweep, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await sweeping;
    },
  };
}

export type AuditModule = ReturnType<typeof createAuditModule>;
