import type { Kysely } from 'kysely';

/**
 * Pool controllers (issue 19, decision 0031): one row per poolnx gateway with its bridge
 * configuration (type, selected pool, options, mapping tables and thermostat as JSON), its
 * vendor credentials sealed with the server's secrets key (never returned), whether the
 * gateway still has to be sent the configuration (`pending_at`), and the last live values
 * the gateway reported with the vendor's state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pool_configs')
    .addColumn('gateway_id', 'text', (c) =>
      c.primaryKey().references('gateways.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('credentials', 'text')
    .addColumn('auth_hint', 'text')
    .addColumn('selected_pool', 'text')
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('pool_to_knx', 'text', (c) => c.notNull())
    .addColumn('knx_to_pool', 'text', (c) => c.notNull())
    .addColumn('temp_control', 'text', (c) => c.notNull())
    .addColumn('pending_at', 'bigint')
    .addColumn('live', 'text')
    .addColumn('last_update', 'bigint')
    .addColumn('vendor_state', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('vendor_at', 'bigint')
    .addColumn('vendor_retry_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pool_configs').execute();
}
