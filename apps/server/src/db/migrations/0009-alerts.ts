import { sql, type Kysely } from 'kysely';

/**
 * Alerts and notifications (issue 14, decision 0018): each project's thresholds (JSON on the
 * project, as the spec's logger entity has them), alert settings (offline delay, watchdog),
 * muting windows, the alerts themselves (one open alert per project and rule: the partial
 * unique index is what lets one node alone raise it), and the notification outbox with its
 * delivery log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('logger_thresholds', 'text').execute();
  await db.schema
    .createTable('alert_settings')
    .addColumn('project_id', 'text', (c) =>
      c.primaryKey().references('projects.id').onDelete('cascade'),
    )
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('email_problem', 'text')
    .addColumn('pushover_problem', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alert_mutes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('mac', 'text')
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alert_mutes_project')
    .on('alert_mutes')
    .column('project_id')
    .execute();
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('rule_key', 'text', (c) => c.notNull())
    .addColumn('rule', 'text')
    .addColumn('address', 'text')
    .addColumn('condition', 'text')
    .addColumn('limit_value', 'double precision')
    .addColumn('unit', 'text')
    .addColumn('value', 'double precision')
    .addColumn('raised_at', 'bigint', (c) => c.notNull())
    .addColumn('cleared_at', 'bigint')
    .addColumn('clear_value', 'double precision')
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One open alert per (project, rule): the node whose insert lands raises it.
  await sql`CREATE UNIQUE INDEX alerts_open_rule ON alerts (project_id, rule_key) WHERE cleared_at IS NULL`.execute(
    db,
  );
  await db.schema
    .createIndex('alerts_project_raised')
    .on('alerts')
    .columns(['project_id', 'raised_at'])
    .execute();
  await db.schema
    .createTable('alert_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('transition', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('alert_notifications_due')
    .on('alert_notifications')
    .columns(['status', 'next_at'])
    .execute();
  await db.schema
    .createTable('alert_delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('notification_id', 'text', (c) =>
      c.notNull().references('alert_notifications.id').onDelete('cascade'),
    )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('detail', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_delivery_attempts').execute();
  await db.schema.dropTable('alert_notifications').execute();
  await db.schema.dropTable('alerts').execute();
  await db.schema.dropTable('alert_mutes').execute();
  await db.schema.dropTable('alert_settings').execute();
  await db.schema.alterTable('projects').dropColumn('logger_thresholds').execute();
}
