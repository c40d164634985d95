import type { Kysely } from 'kysely';

/**
 * Dashboards (issue 20, decision 0032): a project's chart dashboards (the generator's name
 * and form, as JSON), its one boss dashboard (the installer's key values and energy
 * counters), and the share links of both: the token is stored only as its SHA-256 hash,
 * scoped to one dashboard of one project, revocable, optionally expiring.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chart_dashboards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chart_dashboards_project')
    .on('chart_dashboards')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('boss_dashboards')
    .addColumn('project_id', 'text', (c) =>
      c.primaryKey().references('projects.id').onDelete('cascade'),
    )
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('key_values', 'text', (c) => c.notNull())
    .addColumn('energy', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('dashboard_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('dashboard_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('dashboard_shares_dashboard')
    .on('dashboard_shares')
    .columns(['dashboard_id', 'revoked_at'])
    .execute();
  await db.schema
    .createIndex('dashboard_shares_project')
    .on('dashboard_shares')
    .column('project_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['dashboard_shares', 'boss_dashboards', 'chart_dashboards'])
    await db.schema.dropTable(t).execute();
}
