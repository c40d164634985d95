import type { Kysely } from 'kysely';

/**
 * Gateway event history (issue 16, decision 0021): one row per fact of a gateway — online,
 * offline, reboot, update, configuration, password, command — read newest first per gateway
 * (the index on mac, at), swept by its project's plan retention. The user's e-mail is copied:
 * the history still reads once the account is gone. `gateway_event_state` holds what the last
 * recorded facts were (presence and since when, the update under way): the conditional
 * updates on it let one node alone record a fact every node heard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gateway_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text')
    .addColumn('project_id', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gateway_events_mac_at')
    .on('gateway_events')
    .columns(['mac', 'at', 'id'])
    .execute();
  await db.schema.createIndex('gateway_events_at').on('gateway_events').column('at').execute();
  await db.schema
    .createTable('gateway_event_state')
    .addColumn('mac', 'text', (c) => c.primaryKey())
    .addColumn('online', 'integer')
    .addColumn('since', 'bigint')
    .addColumn('update_event_id', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gateway_event_state').execute();
  await db.schema.dropTable('gateway_events').execute();
}
