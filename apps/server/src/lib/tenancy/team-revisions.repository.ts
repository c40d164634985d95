import type { Db } from '../../db/database';

/**
 * Every write to a team's projects or gateways bumps the team's revision in
 * the same transaction; the list caches compare it, so a cached list is
 * never served after a change, on any server node. A module that writes to
 * `projects` or `gateways` must call `bumpTeams` too.
 */
export async function bumpTeams(db: Db, teamIds: Iterable<string | null | undefined>) {
  const ids = [...new Set(teamIds)].filter((id): id is string => typeof id === 'string');
  for (const teamId of ids.sort()) {
    await db
      .insertInto('team_revisions')
      .values({ team_id: teamId, revision: 1 })
      .onConflict((oc) =>
        oc
          .column('team_id')
          .doUpdateSet((eb) => ({ revision: eb('team_revisions.revision', '+', 1) })),
      )
      .execute();
  }
}

/** The team's current revision (0 before its first write). */
export async function teamRevision(db: Db, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('team_revisions')
    .select('revision')
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return row ? Number(row.revision) : 0;
}

/** The revision of the team owning the project; undefined when there is no such project. */
export async function projectTeamRevision(db: Db, projectId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('projects as p')
    .leftJoin('team_revisions as r', 'r.team_id', 'p.team_id')
    .select('r.revision')
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  return row ? Number(row.revision ?? 0) : undefined;
}
