import type { Db } from '../../db/database';
import type { GraphFavoriteTable } from '../../db/schema';

/** The only place with SQL for graph favorites. */
export class FavoritesRepository {
  constructor(private readonly db: Db) {}

  list(projectId: string) {
    return this.db
      .selectFrom('graph_favorites')
      .select(['name', 'list', 'display'])
      .where('project_id', '=', projectId)
      .orderBy('name')
      .execute();
  }

  async exists(projectId: string, name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('graph_favorites')
      .select('name')
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row !== undefined;
  }

  async count(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('graph_favorites')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Inserts the favorite, or replaces the one of the same name. */
  async upsert(row: GraphFavoriteTable) {
    await this.db
      .insertInto('graph_favorites')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['project_id', 'name']).doUpdateSet({
          list: row.list,
          display: row.display,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** Deletes a favorite; false when there was none of that name. */
  async delete(projectId: string, name: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('graph_favorites')
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
