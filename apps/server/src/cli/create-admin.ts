import { parseArgs } from 'node:util';
import { emailSchema, strongPasswordSchema } from '@atrium/contracts/user';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { newId } from '../lib/ids';

/**
 * Creates an administrator in a team of its own: the way to get the first
 * account when NODE_ENV=production (nothing is seeded then).
 * Usage: npm run admin:create -- --email a@b.c --password '...'
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  const email = emailSchema.safeParse(values.email);
  const password = strongPasswordSchema.safeParse(values.password ?? process.env.ADMIN_PASSWORD);
  if (!email.success || !password.success) {
    console.error(
      'Usage: npm run admin:create -- --email admin@example.com --password "Str0ng!pass"\n' +
        'The password needs 8+ characters with upper, lower, digit and one of !@#$%^&*(),.?":{}|<>',
    );
    process.exit(2);
  }
  // A one-off command next to running nodes: no broker, no presence reset, no demo, no sweep.
  const { app, modules } = await buildApp({
    ...loadConfig(),
    logLevel: 'warn',
    hubRuns: false,
    seedDemo: false,
    retentionSweepMs: 0,
  });
  try {
    const { repo: usersRepo, users } = modules.users;
    if (await usersRepo.findByEmail(email.data)) {
      console.error(`${email.data} already exists`);
      process.exitCode = 1;
      return;
    }
    const row = {
      ...(await users.newUserRow(email.data, 'admin', newId(), password.data)),
      email_verified: 1,
    };
    await usersRepo.createTeamWithUser({ id: row.team_id, name: 'Administrators' }, row);
    console.log(`Admin ${email.data} created.`);
  } finally {
    await app.close();
  }
}

void main();
