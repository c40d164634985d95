import type { Kysely } from 'kysely';

/**
 * Modbus configuration (issue 15, decision 0019): a project's meters, each polled by one
 * kloudnx gateway (its MAC), the values read from each meter (with the gateway's MAC too, so
 * a gateway's whole configuration is one indexed read), and the gateways that still have to
 * be sent their configuration (`modbus.config` waits for them to connect).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('modbus_meters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('gateway_mac', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('interval', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('modbus_meters_project')
    .on('modbus_meters')
    .columns(['project_id', 'gateway_mac'])
    .execute();
  await db.schema
    .createIndex('modbus_meters_gateway')
    .on('modbus_meters')
    .column('gateway_mac')
    .execute();

  await db.schema
    .createTable('modbus_values')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('meter_id', 'text', (c) =>
      c.notNull().references('modbus_meters.id').onDelete('cascade'),
    )
    .addColumn('gateway_mac', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('register_address', 'integer', (c) => c.notNull())
    .addColumn('word_length', 'integer', (c) => c.notNull())
    .addColumn('function_code', 'integer', (c) => c.notNull())
    .addColumn('unit_id', 'integer', (c) => c.notNull())
    .addColumn('scale_factor', 'double precision', (c) => c.notNull())
    .addColumn('data_type', 'text', (c) => c.notNull())
    .addColumn('swap_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('swap_words', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('modbus_values_project')
    .on('modbus_values')
    .columns(['project_id', 'gateway_mac'])
    .execute();
  await db.schema
    .createIndex('modbus_values_meter')
    .on('modbus_values')
    .column('meter_id')
    .execute();
  await db.schema
    .createIndex('modbus_values_gateway')
    .on('modbus_values')
    .column('gateway_mac')
    .execute();

  // One row per gateway whose configuration changed while it could not be told.
  await db.schema
    .createTable('modbus_pending')
    .addColumn('gateway_id', 'text', (c) =>
      c.primaryKey().references('gateways.id').onDelete('cascade'),
    )
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('modbus_pending').execute();
  await db.schema.dropTable('modbus_values').execute();
  await db.schema.dropTable('modbus_meters').execute();
}
