import type { Kysely } from 'kysely';

/**
 * Subscriptions and billing (issue 17, decision 0026): a team's subscriptions (each linked
 * to at most one project), the one free trial per team, the billing provider's customer of
 * a team, and the provider events already applied (a replayed webhook changes nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('project_id', 'text')
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_team')
    .on('subscriptions')
    .columns(['team_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('subscriptions_project')
    .on('subscriptions')
    .column('project_id')
    .execute();
  await db.schema
    .createTable('subscription_trials')
    .addColumn('team_id', 'text', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('billing_customers')
    .addColumn('team_id', 'text', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['billing_events', 'billing_customers', 'subscription_trials', 'subscriptions'])
    await db.schema.dropTable(t).execute();
}
