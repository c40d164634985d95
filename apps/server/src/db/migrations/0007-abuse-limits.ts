import type { Kysely } from 'kysely';

/**
 * Abuse limits (docs/decisions/0016): wrong one-time codes counted per account across codes,
 * and wrong passwords counted per account and source, so a stranger's failures lock the
 * account for that stranger only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('otp_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('signin_failures')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', 'bigint', (c) => c.notNull())
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('signin_failures_pk', ['user_id', 'source'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signin_failures').execute();
  await db.schema.alterTable('users').dropColumn('otp_failures').execute();
}
