import type { Kysely } from 'kysely';

/**
 * Projects and their viewers, gateways and their shares, licences, latest
 * firmware versions, information messages, and the per-team revision that
 * the list caches compare against.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Lowercased name: names are unique per team, case-insensitively.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('licence_bossnx', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('licence_chartnx', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('addons', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logger_subscription', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('logger_retention', 'text', (c) => c.notNull().defaultTo('monthly'))
    .addColumn('logger_endlogdate', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('logger_pause', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logger_status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('logger_vpn', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('logger_vpn_licence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logger_address', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('logger_max_thresholds', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('voltage_activate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voltage_minimum', 'double precision')
    .addColumn('voltage_maximum', 'double precision')
    .addColumn('notification', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('projects_team_name_idx')
    .on('projects')
    .columns(['team_id', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('project_viewers')
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_viewers_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('project_viewers_user_idx')
    .on('project_viewers')
    .column('user_id')
    .execute();

  await createGatewayTables(db);
  await createCatalogueTables(db);
}

async function createGatewayTables(db: Kysely<unknown>) {
  await db.schema
    .createTable('gateways')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mac', 'text', (c) => c.notNull().unique())
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Null while waiting: imported by an administrator, not yet on an account.
    .addColumn('team_id', 'text', (c) => c.references('teams.id'))
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('version', 'text')
    .addColumn('waiting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('virtual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('connection', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('initialized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_init', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('initpswds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waiting_certs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waiting_update', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'text')
    .addColumn('pooltype', 'text')
    .addColumn('protect', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('secret_hash', 'text')
    .addColumn('ip', 'text')
    .addColumn('volt', 'double precision')
    .addColumn('busload', 'double precision')
    .addColumn('last_online', 'bigint')
    .addColumn('last_connection', 'bigint')
    .addColumn('vpn_online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vpn_last_connection', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gateways_project_idx').on('gateways').column('project_id').execute();
  await db.schema.createIndex('gateways_team_idx').on('gateways').column('team_id').execute();

  await db.schema
    .createTable('gateway_shares')
    .addColumn('gateway_id', 'text', (c) =>
      c.notNull().references('gateways.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('gateway_shares_pk', ['gateway_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('gateway_shares_user_idx')
    .on('gateway_shares')
    .column('user_id')
    .execute();
}

async function createCatalogueTables(db: Kysely<unknown>) {
  await db.schema
    .createTable('licences')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'integer')
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('used_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('latest_versions')
    .addColumn('type', 'text', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('information_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('team_revisions')
    .addColumn('team_id', 'text', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'team_revisions',
    'information_messages',
    'latest_versions',
    'licences',
    'gateway_shares',
    'gateways',
    'project_viewers',
    'projects',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
