import type { Kysely } from 'kysely';

/**
 * The team activity log (issue 16, decision 0022): one row per thing done in a team, read
 * newest first per team (the index), swept after a year. The actor's e-mail and the target's
 * name are copied: the log still reads once the account, project or gateway is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_name', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .execute();
  await db.schema
    .createIndex('team_activity_team_at')
    .on('team_activity')
    .columns(['team_id', 'at', 'id'])
    .execute();
  await db.schema.createIndex('team_activity_at').on('team_activity').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_activity').execute();
}
