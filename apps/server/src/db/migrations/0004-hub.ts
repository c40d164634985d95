import type { Kysely } from 'kysely';

/**
 * Gateway hub: the update an administrator asked for while the gateway was
 * offline (sent when it connects), uploaded firmware files, and the
 * permanent link and emergency tokens handed to gateways.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gateway_pending_updates')
    .addColumn('gateway_id', 'text', (c) =>
      c.primaryKey().references('gateways.id').onDelete('cascade'),
    )
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('firmware')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    // File name under DATA_DIR/firmware.
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('firmware_type_version_idx')
    .on('firmware')
    .columns(['type', 'version'])
    .unique()
    .execute();

  await db.schema
    .createTable('gateway_tokens')
    .addColumn('gateway_id', 'text', (c) =>
      c.notNull().references('gateways.id').onDelete('cascade'),
    )
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('gateway_tokens_pk', ['gateway_id', 'service'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gateway_tokens').execute();
  await db.schema.dropTable('firmware').execute();
  await db.schema.dropTable('gateway_pending_updates').execute();
}
