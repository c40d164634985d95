import type { FastifyBaseLogger } from 'fastify';
import type { MonitoredAddress } from '@atrium/contracts/monitoring';
import { AppError, notFound } from '../../lib/errors';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import { gatewayRef } from '../../lib/tenancy/project-access';
import type { ProjectsRepository } from '../projects/projects.repository';
import { etsFileNotFound, flatten, type EtsService } from './ets.service';
import { annotateTree } from './gateway-ets';
import { checkProjectRules, normalizeMonitorList, type MonitorInput } from './monitored-rules';
import type { MonitoredRepository } from './monitored.repository';

/** One address a gateway is told to record, as the `monitor` command carries it. */
export interface MonitorTarget {
  ga: string;
  dpt: string;
}

/** What the hub needs to reach a gateway. */
export interface MonitorGateway {
  mac: string;
  type: string;
  version: string | null;
  virtual: number;
}

/**
 * Sends the `monitor` command to one gateway, supplied by the gateway hub:
 * resolves false when the gateway cannot be reached now (it gets its list on
 * connect, see monitorListFor), rejects when the gateway refused it.
 */
export type SendMonitor = (gw: MonitorGateway, addresses: MonitorTarget[]) => Promise<boolean>;

/** Repositories, the ETS service, and the hub's sender when there is one. */
export interface MonitoredDeps {
  repo: MonitoredRepository;
  ets: EtsService;
  gateways: GatewaysRepository;
  projects: ProjectsRepository;
  log: FastifyBaseLogger;
  /** Absent without a hub: gateways then get their list on connect (monitorListFor). */
  sendMonitor?: SendMonitor;
}

const targets = (rows: readonly { address: string; dpt: string }[]): MonitorTarget[] =>
  rows.map((r) => ({ ga: r.address, dpt: r.dpt }));

/** Monitored addresses of projects and gateways (document 2 §5, §7; document 3 §7). */
export class MonitoredService {
  constructor(private readonly d: MonitoredDeps) {}

  private async project(projectId: string) {
    const project = await this.d.projects.findById(projectId);
    if (!project) throw notFound('project');
    return project;
  }

  /** The gateway and its project; unlinked gateways have nothing to record. */
  private async linkedGateway(ref: string) {
    const gw = await this.d.gateways.find(gatewayRef(ref));
    if (!gw) throw notFound('gateway');
    const project = gw.project_id ? await this.d.projects.findById(gw.project_id) : undefined;
    return { gw, project };
  }

  async listProject(projectId: string) {
    const rows = await this.d.repo.listProject(projectId);
    return rows.map((r) => ({
      address: r.address,
      dpt: r.dpt,
      name: r.name,
      mac: r.gateway_mac,
      gateway: r.gateway_name,
    }));
  }

  async countProject(projectId: string) {
    const project = await this.project(projectId);
    const monitored = await this.d.repo.countByGateway(projectId);
    const cpt = monitored.reduce((sum, g) => sum + g.count, 0);
    return { cpt, max: project.logger_address, monitored };
  }

  /** Stops every recording of the project (its data stays); returns how many addresses went. */
  async resetProject(projectId: string): Promise<number> {
    const removed = await this.d.repo.deleteProject(projectId);
    const gateways = await this.d.repo.projectGateways(projectId);
    await Promise.all(gateways.map((gw) => this.tell(gw, [])));
    return removed;
  }

  async listGateway(ref: string): Promise<MonitoredAddress[]> {
    const { gw, project } = await this.linkedGateway(ref);
    return project ? this.d.repo.listGateway(project.id, gw.mac) : [];
  }

  async countGateway(ref: string) {
    const { gw, project } = await this.linkedGateway(ref);
    if (!project) return { cpt: 0, total: 0, max: 0 };
    const counts = await this.d.repo.countByGateway(project.id);
    return {
      cpt: counts.find((c) => c.mac === gw.mac)?.count ?? 0,
      total: counts.reduce((sum, g) => sum + g.count, 0),
      max: project.logger_address,
    };
  }

  /**
   * Replaces a gateway's list under the rules of document 2 §5, then tells the
   * gateway if it is online (else it fetches the list when it next connects).
   */
  async setGateway(ref: string, items: readonly MonitorInput[]) {
    const { gw, project } = await this.linkedGateway(ref);
    if (!project) {
      throw new AppError('gatewayNotInProject', 'Link the gateway to a project first');
    }
    const ets = await this.d.ets.find(project.id);
    const index = new Map(ets ? flatten(ets.file).map((a) => [a.address, a]) : []);
    const list = normalizeMonitorList(items, index);
    await this.d.repo.inTransaction(async (tx) => {
      await tx.lockProject(project.id);
      await tx.purgeUnlinked(project.id);
      const others = (await tx.listProject(project.id)).filter((r) => r.gateway_mac !== gw.mac);
      checkProjectRules(list, others, project.logger_address);
      const now = Date.now();
      await tx.replaceGateway(
        project.id,
        gw.mac,
        list.map((m) => ({ ...m, project_id: project.id, gateway_mac: gw.mac, created_at: now })),
      );
    });
    const sent = project.logger_pause === 0 && (await this.tell(gw, targets(list)));
    return { monitored: await this.d.repo.listGateway(project.id, gw.mac), sent };
  }

  /** The project's ETS tree as one gateway's dialog shows it. */
  async gatewayEts(ref: string) {
    const { gw, project } = await this.linkedGateway(ref);
    const ets = project ? await this.d.ets.find(project.id) : undefined;
    if (!project || !ets) throw etsFileNotFound();
    if (ets.count === 0) throw new AppError('etsNoAddress', 'The ETS file has no address');
    const rows = await this.d.repo.listProject(project.id);
    const owners = new Map(rows.map((r) => [r.address, r.gateway_mac]));
    return {
      ets: { ...ets, file: annotateTree(ets.file, gw.mac, owners) },
      cpt: rows.filter((r) => r.gateway_mac === gw.mac).length,
      total: rows.length,
      max: project.logger_address,
    };
  }

  /**
   * What a gateway must record now: for the hub to send on connect. Empty when
   * the gateway is in no project or its project's recording is paused. `projectId`: the
   * gateway's project as the caller just read it (the hub, on an arrival: one query then,
   * not three per gateway and node during a cold start); looked up when absent.
   */
  async monitorListFor(mac: string, projectId?: string | null): Promise<MonitorTarget[]> {
    const project =
      projectId === undefined ? (await this.d.gateways.find({ mac }))?.project_id : projectId;
    if (!project) return [];
    return targets(await this.d.repo.listRecorded(project, mac));
  }

  /** Tells every reachable gateway of the project its current list (after a pause or restart). */
  async notifyProject(projectId: string): Promise<void> {
    const gateways = await this.d.repo.projectGateways(projectId);
    await Promise.all(gateways.map(async (gw) => this.tell(gw, await this.monitorListFor(gw.mac))));
  }

  /** Sends the command; a failure is logged, never fatal: the gateway gets it on reconnect. */
  private async tell(gw: MonitorGateway, addresses: MonitorTarget[]): Promise<boolean> {
    if (!this.d.sendMonitor) return false;
    try {
      return await this.d.sendMonitor(gw, addresses);
    } catch (err) {
      this.d.log.warn({ err, mac: gw.mac }, 'monitor command not delivered');
      return false;
    }
  }
}
