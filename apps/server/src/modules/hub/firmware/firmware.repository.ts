import type { Db } from '../../../db/database';
import type { FirmwareTable } from '../../../db/schema';

/** The only place with SQL for uploaded firmware files. */
export class FirmwareRepository {
  constructor(private readonly db: Db) {}

  find(type: string, version: string) {
    return this.db
      .selectFrom('firmware')
      .selectAll()
      .where('type', '=', type)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  findById(id: string) {
    return this.db.selectFrom('firmware').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The newest upload of a branch for a type. */
  latest(type: string, branch: string) {
    return this.db
      .selectFrom('firmware')
      .selectAll()
      .where('type', '=', type)
      .where('branch', '=', branch)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** Inserts or replaces the file of (type, version); returns the replaced row's file name. */
  async upsert(row: FirmwareTable): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('firmware')
        .select('file')
        .where('type', '=', row.type)
        .where('version', '=', row.version)
        .executeTakeFirst();
      await trx
        .deleteFrom('firmware')
        .where('type', '=', row.type)
        .where('version', '=', row.version)
        .execute();
      await trx.insertInto('firmware').values(row).execute();
      return old?.file;
    });
  }
}
