import type { FastifyBaseLogger } from 'fastify';
import type { Rank } from '@atrium/contracts/limits';
import { newId } from '../lib/ids';
import type { UsersModule } from '../modules/users/users.module';
import type { VpnModule } from '../modules/vpn/vpn.module';
import type { HubModule } from '../modules/hub/hub.module';
import type { ModbusModule } from '../modules/modbus/modbus.module';
import { seedDemoActivity, type DemoActivityModules } from './demo-activity';
import { seedDemoAlerts, type DemoAlertsModules } from './demo-alerts';
import { seedDemoBuildings, type DemoBuildingModules } from './demo-building';
import {
  DEMO_SHARE_TOKEN,
  seedDemoDashboards,
  type DemoDashboardsModules,
} from './demo-dashboards';
import { seedDemoFirmware, type DemoFirmwareModules } from './demo-firmware';
import { DEMO_LIVE_MACS, seedDemoProjects, type DemoProjectsModules } from './demo-projects';
import { seedDemoModbus } from './demo-modbus';
import { seedDemoPool } from './demo-pool';
import type { PoolModule } from '../modules/pool/pool.module';
import { seedDemoSessions } from './demo-sessions';
import { seedDemoViewers } from './demo-viewers';

/** Demo accounts seeded on an empty database (development only; listed in the README). */
export const DEMO_ACCOUNTS: { email: string; rank: Rank; password: string }[] = [
  { email: 'admin@atrium.demo', rank: 'admin', password: 'Demo-Admin-2026!' },
  { email: 'supervisor@atrium.demo', rank: 'supervisor', password: 'Demo-Supervisor-2026!' },
  { email: 'manager@atrium.demo', rank: 'manager', password: 'Demo-Manager-2026!' },
  { email: 'user@atrium.demo', rank: 'user', password: 'Demo-User-2026!' },
  { email: 'viewer@atrium.demo', rank: 'viewer', password: 'Demo-Viewer-2026!' },
];

/**
 * Seeds a demo team with one verified account per rank, and its projects and
 * gateways, when no user exists yet.
 */
export async function seedDemo(
  modules: DemoProjectsModules &
    DemoAlertsModules &
    DemoBuildingModules &
    DemoFirmwareModules &
    DemoActivityModules &
    DemoDashboardsModules & {
      users: UsersModule;
      vpn: Pick<VpnModule, 'repo'>;
      modbus: Pick<ModbusModule, 'wizard' | 'valuesOf'>;
      hub: Pick<HubModule, 'demoMeterPort'>;
      pool: Pick<PoolModule, 'service'>;
    },
  log: FastifyBaseLogger,
): Promise<boolean> {
  const { repo: usersRepo, users } = modules.users;
  if ((await usersRepo.countUsers()) > 0) return false;
  const teamId = newId();
  const [first, ...rest] = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({
      ...(await users.newUserRow(a.email, a.rank, teamId, a.password)),
      email_verified: 1,
    })),
  );
  if (!first) return false;
  await usersRepo.createTeamWithUser({ id: teamId, name: 'Demo' }, first);
  for (const row of rest) await usersRepo.insertUser(row);
  await seedDemoProjects(modules, log, teamId);
  await seedDemoViewers(modules, teamId);
  const supervisor = rest.find((r) => r.rank === 'supervisor') ?? first;
  const live = await modules.gateways.repo.findByMacs([...DEMO_LIVE_MACS]);
  await seedDemoSessions(modules.vpn, live, supervisor.id);
  await seedDemoAlerts(modules, teamId, 'user@atrium.demo');
  const since = Date.now();
  const points = await seedDemoBuildings(modules, teamId, DEMO_LIVE_MACS);
  log.info({ points, ms: Date.now() - since }, 'demo buildings and their history seeded');
  await seedDemoFirmware(modules);
  await seedDemoActivity(modules, teamId);
  const meterPort = modules.hub.demoMeterPort();
  if (meterPort !== null) await seedDemoModbus(modules, meterPort);
  // After the meter: Villa Rose's dashboard shows its power when it is there.
  await seedDemoDashboards(modules, teamId);
  await seedDemoPool(modules);
  log.warn(
    'demo accounts seeded (demo only, see README): ' + DEMO_ACCOUNTS.map((a) => a.email).join(', '),
  );
  log.warn(`demo shared dashboard (demo only): /shared/dashboard?token=${DEMO_SHARE_TOKEN}`);
  return true;
}
