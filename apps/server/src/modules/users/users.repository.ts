import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { SigninFailureTable, UserTable, UserTokenKind } from '../../db/schema';
import { CompiledOnce } from '../../db/compiled-once';

export type UserRow = UserTable;

/** The only place with SQL for users, teams and their sign-in secrets. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Every authenticated request's lookup, compiled once (decision 0062). */
  private readonly byId = new CompiledOnce(['id'], (p) =>
    this.db.selectFrom('users').selectAll().where('id', '=', p.id),
  );

  findByEmail(email: string) {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async findById(id: string) {
    const { rows } = await this.db.executeQuery(this.byId.with({ id }));
    return rows[0];
  }

  listTeam(teamId: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('team_id', '=', teamId)
      .orderBy('email')
      .execute();
  }

  countUsers() {
    return this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  /** Creates a team and its first user in one transaction. */
  async createTeamWithUser(team: { id: string; name: string }, user: Insertable<UserTable>) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('teams')
        .values({ ...team, created_at: Date.now() })
        .execute();
      await trx.insertInto('users').values(user).execute();
    });
  }

  async insertUser(user: Insertable<UserTable>) {
    await this.db.insertInto('users').values(user).execute();
  }

  async updateUser(id: string, patch: Updateable<UserTable>) {
    await this.db.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  async deleteUsers(ids: string[]) {
    if (ids.length === 0) return;
    await this.db.deleteFrom('users').where('id', 'in', ids).execute();
  }

  async insertToken(row: { hash: string; user_id: string; kind: UserTokenKind; ttlMs: number }) {
    const now = Date.now();
    await this.db
      .insertInto('user_tokens')
      .values({
        hash: row.hash,
        user_id: row.user_id,
        kind: row.kind,
        expires_at: now + row.ttlMs,
        used_at: null,
        created_at: now,
      })
      .execute();
  }

  /**
   * Marks an unused, unexpired token of one of `kinds` as used and returns it;
   * the conditional update makes a token single-use even under concurrency.
   */
  async consumeToken(hash: string, kinds: UserTokenKind[]) {
    const now = Date.now();
    const res = await this.db
      .updateTable('user_tokens')
      .set({ used_at: now })
      .where('hash', '=', hash)
      .where('kind', 'in', kinds)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return undefined;
    return this.db
      .selectFrom('user_tokens')
      .selectAll()
      .where('hash', '=', hash)
      .executeTakeFirst();
  }

  async invalidateTokens(userId: string, kinds: UserTokenKind[]) {
    await this.db
      .updateTable('user_tokens')
      .set({ used_at: Date.now() })
      .where('user_id', '=', userId)
      .where('kind', 'in', kinds)
      .where('used_at', 'is', null)
      .execute();
  }

  async saveOtp(userId: string, codeHash: string, ttlMs: number) {
    const now = Date.now();
    const values = { code_hash: codeHash, expires_at: now + ttlMs, attempts: 0, sent_at: now };
    await this.db
      .insertInto('otp_codes')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  findOtp(userId: string) {
    return this.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Counts one try of the user's code unless `max` were already made; false then. The
   * conditional update lets parallel guesses share no count.
   */
  async claimOtpAttempt(userId: string, max: number) {
    const res = await this.db
      .updateTable('otp_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('attempts', '<', max)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** One more wrong code for the user, across codes; returns the new count. */
  async countOtpFailure(userId: string) {
    await this.db
      .updateTable('users')
      .set((eb) => ({ otp_failures: eb('otp_failures', '+', 1) }))
      .where('id', '=', userId)
      .execute();
    const row = await this.db
      .selectFrom('users')
      .select('otp_failures')
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(row?.otp_failures ?? 0);
  }

  /** Locks the account; false when it already was (so one unlock mail is sent). */
  async lockUser(userId: string) {
    const res = await this.db
      .updateTable('users')
      .set({ locked: 1 })
      .where('id', '=', userId)
      .where('locked', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  findSigninFailures(userId: string, source: string) {
    return this.db
      .selectFrom('signin_failures')
      .selectAll()
      .where('user_id', '=', userId)
      .where('source', '=', source)
      .executeTakeFirst();
  }

  async saveSigninFailures(row: Insertable<SigninFailureTable>) {
    await this.db
      .insertInto('signin_failures')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'source']).doUpdateSet({
          failures: row.failures,
          last_failed_at: row.last_failed_at,
          locked: row.locked ?? 0,
        }),
      )
      .execute();
  }

  /** Forgets the user's wrong passwords, from one source or from all. */
  async clearSigninFailures(userId: string, source?: string) {
    let q = this.db.deleteFrom('signin_failures').where('user_id', '=', userId);
    if (source !== undefined) q = q.where('source', '=', source);
    await q.execute();
  }

  async deleteOtp(userId: string) {
    await this.db.deleteFrom('otp_codes').where('user_id', '=', userId).execute();
  }

  async isKnownDevice(userId: string, deviceHash: string) {
    const row = await this.db
      .selectFrom('known_devices')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('device_hash', '=', deviceHash)
      .executeTakeFirst();
    return row !== undefined;
  }

  async rememberDevice(userId: string, deviceHash: string) {
    await this.db
      .insertInto('known_devices')
      .values({ user_id: userId, device_hash: deviceHash, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
      .execute();
  }

  async forgetDevices(userId: string) {
    await this.db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
  }
}
