import type { ActivityAction, ActivityDetails, ActivityTarget } from '@atrium/contracts/activity';
import { newId } from '../lib/ids';
import type { AuditModule } from '../modules/audit/audit.module';
import type { GatewaysModule } from '../modules/gateways/gateways.module';
import type { ProjectsModule } from '../modules/projects/projects.module';
import type { UsersModule } from '../modules/users/users.module';

export interface DemoActivityModules {
  audit: Pick<AuditModule, 'repo'>;
  projects: Pick<ProjectsModule, 'repo'>;
  gateways: Pick<GatewaysModule, 'repo'>;
  users: Pick<UsersModule, 'repo'>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

interface Line {
  ago: number;
  actor: string;
  action: ActivityAction;
  target: ActivityTarget;
  details?: ActivityDetails;
}

/**
 * A fortnight of plausible team activity (decision 0022), so the activity log of a fresh demo
 * is not empty: projects and gateways of the seeded demo by their real ids (the console links
 * to them), and a project created then deleted.
 */
export async function seedDemoActivity(m: DemoActivityModules, teamId: string) {
  const projects = new Map((await m.projects.repo.listByTeam(teamId)).map((p) => [p.name, p]));
  const gateways = new Map((await m.gateways.repo.listByTeam(teamId)).map((g) => [g.name, g]));
  const project = (name: string): ActivityTarget => ({
    kind: 'project',
    id: projects.get(name)?.id ?? newId(),
    name,
  });
  const gateway = (name: string): ActivityTarget => ({
    kind: 'gateway',
    id: gateways.get(name)?.mac ?? 'a4b1c2ffffff',
    name,
  });
  const account = async (email: string): Promise<ActivityTarget> => ({
    kind: 'account',
    id: (await m.users.repo.findByEmail(email))?.id ?? newId(),
    name: email,
  });
  const sup = 'supervisor@atrium.demo';
  const man = 'manager@atrium.demo';
  const usr = 'user@atrium.demo';
  const nantes = project('Chantier Nantes');
  const lille = { kind: 'project' as const, id: newId(), name: 'Entrepôt Lille' };
  const lines: Line[] = [
    { ago: 13 * DAY + 2 * HOUR, actor: sup, action: 'project.create', target: nantes },
    {
      ago: 13 * DAY + HOUR,
      actor: sup,
      action: 'gateway.link',
      target: gateway('Tableau'),
      details: { project: nantes.name, projectId: nantes.id },
    },
    {
      ago: 12 * DAY,
      actor: man,
      action: 'account.create',
      target: await account(usr),
      details: { rank: 'user' },
    },
    {
      ago: 11 * DAY,
      actor: man,
      action: 'viewerAccount.create',
      target: await account('viewer@atrium.demo'),
    },
    {
      ago: 11 * DAY - HOUR,
      actor: man,
      action: 'projectViewer.add',
      target: project('Villa Rose'),
      details: { email: 'viewer@atrium.demo' },
    },
    {
      ago: 9 * DAY,
      actor: usr,
      action: 'licence.apply',
      target: project('Villa Rose'),
      details: { type: 'chartnx', value: 1, key: '…7Q2K' },
    },
    {
      ago: 7 * DAY,
      actor: man,
      action: 'gateway.rename',
      target: gateway('Éclairage secours'),
      details: { from: 'Secours' },
    },
    {
      ago: 5 * DAY,
      actor: sup,
      action: 'project.rename',
      target: project('Bureaux Lyon'),
      details: { from: 'Bureaux Lyon Part-Dieu' },
    },
    { ago: 4 * DAY, actor: man, action: 'project.create', target: lille },
    { ago: 2 * DAY, actor: man, action: 'project.delete', target: lille },
    {
      ago: DAY + 3 * HOUR,
      actor: usr,
      action: 'signin.newBrowser',
      target: await account(usr),
      details: { browser: SAFARI },
    },
    {
      ago: 5 * HOUR,
      actor: man,
      action: 'signin.newBrowser',
      target: await account(man),
      details: { browser: FIREFOX },
    },
    {
      ago: 2 * HOUR,
      actor: man,
      action: 'gateway.share',
      target: gateway('Salon'),
      details: { email: usr },
    },
  ];
  const now = Date.now();
  for (const l of lines) {
    const actor = await m.users.repo.findByEmail(l.actor);
    await m.audit.repo.insert({
      id: newId(),
      team_id: teamId,
      at: now - l.ago,
      actor_id: actor?.id ?? newId(),
      actor_email: l.actor,
      action: l.action,
      target_kind: l.target.kind,
      target_id: l.target.id,
      target_name: l.target.name,
      details: l.details ? JSON.stringify(l.details) : null,
    });
  }
}
