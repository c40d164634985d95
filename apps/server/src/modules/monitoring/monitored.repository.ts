import type { Db } from '../../db/database';
import type { MonitoredAddressTable } from '../../db/schema';

/** Rows per INSERT: under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/** A stored monitored address. */
export type MonitoredRow = MonitoredAddressTable;

/**
 * The only place with SQL for monitored addresses. A row counts only while its
 * gateway is still linked to the project: rows of a gateway moved away are
 * ignored by every read and purged by the next write to the project.
 */
export class MonitoredRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  inTransaction<T>(work: (repo: MonitoredRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new MonitoredRepository(trx)));
  }

  private linked(projectId: string) {
    return this.db
      .selectFrom('monitored_addresses as m')
      .innerJoin('gateways as g', (j) =>
        j.onRef('g.mac', '=', 'm.gateway_mac').onRef('g.project_id', '=', 'm.project_id'),
      )
      .where('m.project_id', '=', projectId);
  }

  /** The project's addresses with the name and state of the gateway recording each. */
  listProject(projectId: string) {
    return this.linked(projectId)
      .select([
        'm.address',
        'm.gateway_mac',
        'm.dpt',
        'm.name',
        'g.name as gateway_name',
        'g.online',
      ])
      .orderBy('m.gateway_mac')
      .orderBy('m.address')
      .execute();
  }

  /** The gateway's addresses to record now: none while its project's recording is paused. */
  listRecorded(projectId: string, mac: string) {
    return this.db
      .selectFrom('monitored_addresses as m')
      .innerJoin('projects as p', 'p.id', 'm.project_id')
      .select(['m.address', 'm.dpt'])
      .where('m.project_id', '=', projectId)
      .where('m.gateway_mac', '=', mac)
      .where('p.logger_pause', '=', 0)
      .orderBy('m.address')
      .execute();
  }

  listGateway(projectId: string, mac: string) {
    return this.db
      .selectFrom('monitored_addresses')
      .select(['address', 'dpt', 'name'])
      .where('project_id', '=', projectId)
      .where('gateway_mac', '=', mac)
      .orderBy('address')
      .execute();
  }

  /** Addresses per linked gateway of the project (gateways with none are absent). */
  async countByGateway(projectId: string): Promise<{ mac: string; count: number }[]> {
    const rows = await this.linked(projectId)
      .select((eb) => ['m.gateway_mac', eb.fn.countAll().as('count')])
      .groupBy('m.gateway_mac')
      .orderBy('m.gateway_mac')
      .execute();
    return rows.map((r) => ({ mac: r.gateway_mac, count: Number(r.count) }));
  }

  /**
   * Serialises writers of one project until the transaction ends (a row lock on
   * PostgreSQL; SQLite runs one write transaction at a time anyway).
   */
  async lockProject(projectId: string) {
    await this.db
      .updateTable('projects')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', projectId)
      .execute();
  }

  /** Drops the rows of gateways no longer linked to the project. */
  async purgeUnlinked(projectId: string) {
    await this.db
      .deleteFrom('monitored_addresses')
      .where('project_id', '=', projectId)
      .where((eb) =>
        eb(
          'gateway_mac',
          'not in',
          eb.selectFrom('gateways').select('mac').where('project_id', '=', projectId),
        ),
      )
      .execute();
  }

  /** Replaces one gateway's list. */
  async replaceGateway(projectId: string, mac: string, rows: readonly MonitoredRow[]) {
    await this.db
      .deleteFrom('monitored_addresses')
      .where('project_id', '=', projectId)
      .where('gateway_mac', '=', mac)
      .execute();
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db
        .insertInto('monitored_addresses')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
  }

  /** Deletes every address of the project; returns how many there were. */
  async deleteProject(projectId: string): Promise<number> {
    const res = await this.db
      .deleteFrom('monitored_addresses')
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** The project's gateways, as the hub needs them to send a command. */
  projectGateways(projectId: string) {
    return this.db
      .selectFrom('gateways')
      .select(['mac', 'type', 'version', 'virtual'])
      .where('project_id', '=', projectId)
      .orderBy('mac')
      .execute();
  }
}
