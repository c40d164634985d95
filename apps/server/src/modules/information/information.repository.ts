import type { Db } from '../../db/database';

/** The only place with SQL for latest versions and information messages. */
export class InformationRepository {
  constructor(private readonly db: Db) {}

  listVersions() {
    return this.db.selectFrom('latest_versions').select(['type', 'version']).execute();
  }

  async setVersion(type: string, version: string) {
    const updated_at = Date.now();
    await this.db
      .insertInto('latest_versions')
      .values({ type, version, updated_at })
      .onConflict((oc) => oc.column('type').doUpdateSet({ version, updated_at }))
      .execute();
  }

  listMessages() {
    return this.db
      .selectFrom('information_messages')
      .select(['id', 'color', 'text'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertMessage(row: { id: string; color: string; text: string }) {
    await this.db
      .insertInto('information_messages')
      .values({ ...row, created_at: Date.now() })
      .execute();
  }

  async deleteMessage(id: string) {
    const res = await this.db
      .deleteFrom('information_messages')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }
}
