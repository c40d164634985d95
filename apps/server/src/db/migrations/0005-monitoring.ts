import type { Kysely } from 'kysely';

/**
 * Monitoring: one ETS file per project (its parsed tree as JSON text), the
 * monitored group addresses and the graph favorites. The logger fields
 * (pause, voltage, plan limits) are already on `projects`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ets_files')
    .addColumn('project_id', 'text', (c) =>
      c.primaryKey().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addColumn('address_count', 'integer', (c) => c.notNull())
    .addColumn('tree', 'text', (c) => c.notNull())
    .execute();

  // One gateway per address and project: the key itself refuses an address used twice.
  await db.schema
    .createTable('monitored_addresses')
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('gateway_mac', 'text', (c) => c.notNull())
    .addColumn('dpt', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('monitored_addresses_pk', ['project_id', 'address'])
    .execute();
  await db.schema
    .createIndex('monitored_addresses_gateway_idx')
    .on('monitored_addresses')
    .columns(['gateway_mac', 'project_id'])
    .execute();

  await db.schema
    .createTable('graph_favorites')
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of measurements.
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('display', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('graph_favorites_pk', ['project_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['graph_favorites', 'monitored_addresses', 'ets_files']) {
    await db.schema.dropTable(t).execute();
  }
}
