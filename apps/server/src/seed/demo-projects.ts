import type { FastifyBaseLogger } from 'fastify';
import type { GatewayType } from '@atrium/contracts/limits';
import { loggerColumnsOf } from '@atrium/contracts/plans';
import type { GatewayTable, ProjectTable } from '../db/schema';
import { newGatewayRow } from '../modules/gateways/gateway-rows';
import type { GatewaysModule } from '../modules/gateways/gateways.module';
import type { ProjectsModule } from '../modules/projects/projects.module';
import { newProjectRow } from '../modules/projects/project-view';

type DemoGateway = { type: GatewayType; name: string } & Partial<GatewayTable>;

const HOUR = 3_600_000;
const ago = (hours: number) => Date.now() - hours * HOUR;
const online = (hours: number) => ({
  online: 1,
  initialized: 1,
  initpswds: 1,
  last_online: ago(hours),
});
const offline = (hours: number) => ({ online: 0, initialized: 1, last_connection: ago(hours) });

/** Projects of the demo team: mixed types, versions and states, so every screen has something to show. */
const DEMO_PROJECTS: { name: string; patch?: Partial<ProjectTable>; gateways: DemoGateway[] }[] = [
  {
    name: 'Villa Rose',
    patch: { licence_bossnx: 1, licence_chartnx: 2 },
    gateways: [
      {
        type: 'kloudnx',
        name: 'Salon',
        version: '8.5.0',
        connection: 1,
        ip: '192.168.1.20',
        volt: 29.8,
        busload: 3,
        ...online(30),
      },
      {
        type: 'poolnx',
        name: 'Piscine',
        version: '7.6.0',
        pooltype: 'klereo',
        ip: '192.168.1.21',
        ...online(30),
      },
      { type: 'klocknx', name: 'Portail', version: '1.3.0', waiting_update: 1, ...offline(5) },
    ],
  },
  {
    name: 'Bureaux Lyon',
    // A trial that ends in three weeks (the console shows its end date).
    patch: {
      addons: 'emergynx',
      ...loggerColumnsOf('trial'),
      logger_endlogdate: Date.now() + 21 * 24 * HOUR,
      logger_vpn_licence: 24,
    },
    gateways: [
      {
        type: 'kloudnx',
        name: 'Étage 1',
        version: '8.4.2',
        ip: '10.0.1.10',
        volt: 30.1,
        busload: 12,
        ...online(200),
      },
      { type: 'kloudnx', name: 'Étage 2', version: '6.5.0', ...offline(48) },
      {
        type: 'emergynx',
        name: 'Éclairage secours',
        version: '2.1.0',
        ip: '10.0.1.12',
        ...online(200),
      },
      // Up to date, so no update step: a seeded step would never move (issue 16).
      { type: 'grafnx', name: 'Compteurs', version: '1.2.0', ...online(1) },
    ],
  },
  {
    name: 'Chantier Nantes',
    gateways: [{ type: 'kloudnx', name: 'Tableau', version: '8.6.0', protect: 1, ...online(2) }],
  },
];

const demoMac = (n: number) => `a4b1c20010${String(n).padStart(2, '0')}`;

/**
 * The seeded gateways shown online: outside production the server runs them with
 * the simulator's agent (like virtual gateways), so they stay live after a restart.
 */
export const DEMO_LIVE_MACS: readonly string[] = DEMO_PROJECTS.flatMap((p) => p.gateways)
  .map((g, i) => (g.online === 1 ? demoMac(i + 1) : undefined))
  .filter((mac): mac is string => mac !== undefined);

/** Waiting gateways a demo user can add by hand (MAC and serial are printed in the log). */
const DEMO_WAITING = [
  { mac: 'a4b1c2000001', sn: 'DEMO0001', type: 'kloudnx' as const },
  { mac: 'a4b1c2000002', sn: 'DEMO0002', type: 'klocknx' as const },
];

/** The modules whose repositories the demo projects are written through. */
export interface DemoProjectsModules {
  projects: Pick<ProjectsModule, 'repo'>;
  gateways: Pick<GatewaysModule, 'repo'>;
}

/** Seeds the demo team's projects and gateways, and two waiting gateways. */
export async function seedDemoProjects(
  modules: DemoProjectsModules,
  log: FastifyBaseLogger,
  teamId: string,
) {
  const [projectsRepo, gatewaysRepo] = [modules.projects.repo, modules.gateways.repo];
  let n = 0;
  for (const p of DEMO_PROJECTS) {
    const project = { ...newProjectRow(teamId, p.name), ...p.patch };
    await projectsRepo.insert([project]);
    const rows = p.gateways.map((g) =>
      newGatewayRow({
        mac: demoMac(++n),
        sn: `DEMOGW${String(n).padStart(2, '0')}`,
        ...g,
        team_id: teamId,
        project_id: project.id,
      }),
    );
    await gatewaysRepo.insert(rows);
  }
  await gatewaysRepo.insert(
    DEMO_WAITING.map((w) =>
      newGatewayRow({ ...w, name: `${w.type}-${w.mac.slice(-6)}`, waiting: 1, version: '8.5.0' }),
    ),
  );
  log.warn(
    'demo waiting gateways (MAC / serial): ' +
      DEMO_WAITING.map((w) => `${w.mac} / ${w.sn}`).join(', '),
  );
}
