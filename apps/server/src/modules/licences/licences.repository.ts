import { sql, type Insertable, type UpdateObject } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, LicenceTable } from '../../db/schema';
import { bumpTeams } from '../../lib/tenancy/team-revisions.repository';

const CHUNK = 500;

/** Columns a licence changes on its project; counters may be SQL increments. */
export type ProjectEffect = UpdateObject<Database, 'projects'>;

/** The only place with SQL for licence keys. */
export class LicencesRepository {
  constructor(private readonly db: Db) {}

  find(key: string) {
    return this.db.selectFrom('licences').selectAll().where('key', '=', key).executeTakeFirst();
  }

  async existingKeys(keys: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('licences')
        .select('key')
        .where('key', 'in', keys.slice(i, i + CHUNK))
        .execute();
      rows.forEach((r) => found.add(r.key));
    }
    return found;
  }

  /** All rows in one transaction, or none. */
  async insert(rows: Insertable<LicenceTable>[]) {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('licences')
          .values(rows.slice(i, i + CHUNK))
          .execute();
      }
    });
  }

  /**
   * Marks the key used on the project and applies its effect, in one
   * transaction; false when the key was used meanwhile (single use).
   */
  async use(
    key: string,
    project: { id: string; team_id: string },
    userId: string,
    effect: ProjectEffect,
  ) {
    return this.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('licences')
        .set({ used_at: Date.now(), used_by: userId, project_id: project.id })
        .where('key', '=', key)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('projects')
        .set({ ...effect, updated_at: Date.now() })
        .where('id', '=', project.id)
        .execute();
      await bumpTeams(trx, [project.team_id]);
      return true;
    });
  }
}

/** Adds to a counter column in SQL, so two licences used at once both count. */
export const increment = (column: 'licence_chartnx' | 'logger_vpn_licence', by: number) =>
  sql<number>`${sql.ref(column)} + ${by}`;
