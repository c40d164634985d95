import type { Kysely } from 'kysely';

/**
 * Remote access (decision 0017): sessions with their tunnel, ETS port and usage (the session
 * log), and each gateway's custom proxy URL and subdomain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vpn_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gateway_id', 'text', (c) =>
      c.notNull().references('gateways.id').onDelete('cascade'),
    )
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text')
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('opened_by', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addColumn('close_reason', 'text')
    .addColumn('proxy_id', 'text', (c) => c.unique())
    .addColumn('ets_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ets_ipv6', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ets_port', 'integer')
    .addColumn('tunnel_node', 'text')
    .addColumn('tunnel_ip', 'text')
    .addColumn('connected_at', 'bigint')
    .addColumn('last_connection', 'bigint')
    .addColumn('forwards', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reached', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bytes_in', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_out', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('vpn_sessions_mac_open')
    .on('vpn_sessions')
    .columns(['mac', 'closed_at'])
    .execute();
  await db.schema
    .createIndex('vpn_sessions_gateway_opened')
    .on('vpn_sessions')
    .columns(['gateway_id', 'opened_at'])
    .execute();
  await db.schema
    .createTable('vpn_custom_proxies')
    .addColumn('gateway_id', 'text', (c) =>
      c.primaryKey().references('gateways.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('subdomain', 'text', (c) => c.notNull().unique())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vpn_custom_proxies').execute();
  await db.schema.dropTable('vpn_sessions').execute();
}
