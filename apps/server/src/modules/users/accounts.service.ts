import type { ActivityAction, ActivityDetails } from '@atrium/contracts/activity';
import type { Account } from '@atrium/contracts/user';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import type { UserRow } from './users.repository';
import { TOKEN_TTL, type UsersDeps, type UsersService } from './users.service';

type ManagedRank = 'manager' | 'user';

export const toAccount = (u: UserRow): Account => ({
  _id: u.id,
  email: u.email,
  name: u.name,
  rank: u.rank,
  team: u.team_id,
  verified: u.email_verified === 1,
});

const isManaged = (u: UserRow): u is UserRow & { rank: ManagedRank } =>
  u.rank === 'manager' || u.rank === 'user';

/** Accounts (managers, users) and viewer accounts of the caller's team. */
export class AccountsService {
  constructor(
    private readonly d: UsersDeps,
    private readonly users: UsersService,
  ) {}

  /** The team's manager and user accounts: managers first, then by e-mail (document 2 §4). */
  async list(caller: SessionUser): Promise<Account[]> {
    const rows = (await this.d.repo.listTeam(caller.team)).filter(isManaged);
    rows.sort((a, b) =>
      a.rank === b.rank ? a.email.localeCompare(b.email) : a.rank === 'manager' ? -1 : 1,
    );
    return rows.map(toAccount);
  }

  /** Creates the account and mails it a link to choose its password. */
  async create(caller: SessionUser, email: string, rank: ManagedRank): Promise<Account> {
    const row = await this.insertMember(caller, email, rank);
    await this.users.sendLink(row, 'invite', TOKEN_TTL.invite);
    await this.note(caller, 'account.create', row, { rank });
    return toAccount(row);
  }

  /**
   * Saves the dialog's list: ranks change as listed, and the team's manager and
   * user accounts missing from the list are deleted (never the caller's own).
   */
  async update(caller: SessionUser, wanted: { email: string; rank: ManagedRank }[]) {
    const team = (await this.d.repo.listTeam(caller.team)).filter(isManaged);
    const byEmail = new Map(team.map((u) => [u.email, u]));
    for (const w of wanted) {
      if (!byEmail.has(w.email)) throw new AppError('userNotFound', `${w.email} not found`);
    }
    const wantedByEmail = new Map(wanted.map((w) => [w.email, w.rank]));
    const removed = team.filter((u) => !wantedByEmail.has(u.email) && u.id !== caller.id);
    const revoked = removed.map((u) => u.id);
    const changed: { u: UserRow; rank: ManagedRank }[] = [];
    for (const u of team) {
      const rank = wantedByEmail.get(u.email);
      if (rank && rank !== u.rank && u.id !== caller.id) {
        await this.d.repo.updateUser(u.id, { rank, token_version: u.token_version + 1 });
        revoked.push(u.id);
        changed.push({ u, rank });
      }
    }
    await this.d.repo.deleteUsers(removed.map((u) => u.id));
    await this.d.revocations.revoke(revoked);
    for (const { u, rank } of changed) {
      await this.note(caller, 'account.rank', u, { from: u.rank, to: rank });
    }
    for (const u of removed) await this.note(caller, 'account.delete', u, { rank: u.rank });
    return this.list(caller);
  }

  async listViewers(caller: SessionUser): Promise<Account[]> {
    const rows = await this.d.repo.listTeam(caller.team);
    return rows.filter((u) => u.rank === 'viewer').map(toAccount);
  }

  async createViewer(caller: SessionUser, email: string, password: string): Promise<Account> {
    const row = await this.insertMember(caller, email, 'viewer', password);
    await this.note(caller, 'viewerAccount.create', row);
    return toAccount(row);
  }

  async deleteViewers(caller: SessionUser, emails: string[]) {
    const rows = await this.d.repo.listTeam(caller.team);
    const wanted = new Set(emails);
    const targets = rows.filter((u) => u.rank === 'viewer' && wanted.has(u.email));
    if (targets.length !== wanted.size) throw new AppError('userNotFound', 'Viewer not found');
    await this.d.repo.deleteUsers(targets.map((u) => u.id));
    await this.d.revocations.revoke(targets.map((u) => u.id));
    for (const u of targets) await this.note(caller, 'viewerAccount.delete', u);
  }

  /** The team activity log: `caller` did `action` to the account `u`. */
  private note(caller: SessionUser, action: ActivityAction, u: UserRow, details?: ActivityDetails) {
    return this.d.record({
      team: caller.team,
      actor: caller,
      action,
      target: { kind: 'account', id: u.id, name: u.email },
      ...(details ? { details } : {}),
    });
  }

  private async insertMember(
    caller: SessionUser,
    email: string,
    rank: ManagedRank | 'viewer',
    password?: string,
  ) {
    if (await this.d.repo.findByEmail(email)) {
      throw new AppError('alreadyusedEmail', 'This e-mail is already used');
    }
    const row = await this.users.newUserRow(email, rank, caller.team, password);
    await this.d.repo.insertUser(row);
    return row;
  }
}
