import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModbusValueRef } from '@atrium/contracts/modbus';
import type { Db } from '../../db/database';
import type { ProjectAccess } from '../../lib/tenancy/project-access';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { MonitoredRepository } from '../monitoring/monitored.repository';
import type { TimeSeriesStore } from '../timeseries/timeseries.types';
import { DashboardsRepository } from './dashboards.repository';
import { dashboardRoutes } from './dashboards.routes';
import { DashboardsService } from './dashboards.service';

interface Deps {
  db: Db;
  access: Pick<ProjectAccess, 'requireProject'>;
  gateways: Pick<GatewaysRepository, 'listByProject'>;
  monitored: Pick<MonitoredRepository, 'listProject'>;
  modbusValues: (projectId: string) => Promise<ModbusValueRef[]>;
  store: Pick<TimeSeriesStore, 'query'>;
  partnerDomains: readonly string[];
}

/**
 * Chart dashboards, the boss dashboard, share links and the grafnx export/import (issue 20,
 * decisions 0032 and 0033). Live values reach shared viewers through the realtime module,
 * which reads `service.sharesOfProject` and is given back to the service with `useLive`.
 */
export function createDashboardsModule(d: Deps) {
  const repo = new DashboardsRepository(d.db);
  const gatewaysOf = (projectId: string) => d.gateways.listByProject(projectId);
  const service = new DashboardsService({
    repo,
    access: d.access,
    sources: {
      gateways: gatewaysOf,
      monitored: (projectId) => d.monitored.listProject(projectId),
      modbusValues: d.modbusValues,
    },
    store: d.store,
    gateways: gatewaysOf,
    partnerDomains: d.partnerDomains,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(
      dashboardRoutes as FastifyPluginAsyncZod<{ dashboards: DashboardsService }>,
      { dashboards: service },
    );
  };
  return { repo, service, routes };
}
export type DashboardsModule = ReturnType<typeof createDashboardsModule>;
