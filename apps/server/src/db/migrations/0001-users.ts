import type { Kysely } from 'kysely';

/** Teams, users and the secrets of the sign-in flow. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('rank', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failed_at', 'bigint')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_team_idx').on('users').column('team_id').execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').column('user_id').execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['known_devices', 'otp_codes', 'user_tokens', 'users', 'teams']) {
    await db.schema.dropTable(t).execute();
  }
}
