import type { Db } from '../../db/database';
import type { EtsFileTable } from '../../db/schema';

/** The only place with SQL for projects' ETS files. */
export class EtsRepository {
  constructor(private readonly db: Db) {}

  find(projectId: string) {
    return this.db
      .selectFrom('ets_files')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  findInfos(projectId: string) {
    return this.db
      .selectFrom('ets_files')
      .select(['name', 'timestamp', 'address_count'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  /** Stores the project's file in one statement: the previous one stays until it succeeds. */
  async save(row: EtsFileTable) {
    await this.db
      .insertInto('ets_files')
      .values(row)
      .onConflict((oc) =>
        oc.column('project_id').doUpdateSet({
          name: row.name,
          timestamp: row.timestamp,
          address_count: row.address_count,
          tree: row.tree,
        }),
      )
      .execute();
  }

  /** Deletes the project's file; false when it had none. */
  async delete(projectId: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('ets_files')
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
