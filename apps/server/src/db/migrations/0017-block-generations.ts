import type { Kysely } from 'kysely';

/**
 * Generations of the sealed blocks of rollups (decision 0054): a late write into a block
 * bumps its row in the write's transaction, a prune that deletes rollups bumps block -1.
 * A graph keeps a block's text only while its generation stays the one it was read under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ts_block_gen')
    .addColumn('block', 'integer', (c) => c.primaryKey())
    .addColumn('gen', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ts_block_gen').execute();
}
