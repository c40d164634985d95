import type { ActivityAction, ActivityDetails, ActivityTarget } from '@atrium/contracts/activity';

/** One thing done in a team, as a module tells the activity log (decision 0022). */
export interface ActivityRecord {
  /** The team whose log gets it: the team of what was acted on. */
  team: string;
  actor: { id: string; email: string };
  action: ActivityAction;
  target: ActivityTarget;
  details?: ActivityDetails;
}

/**
 * The port the users, projects, gateways and licences modules record through, after the
 * action succeeded. It never throws: a log that cannot be written must not undo the action.
 */
export type RecordActivity = (entry: ActivityRecord) => Promise<void>;

/** For a module built without the activity log (a unit test, a CLI). */
export const recordNothing: RecordActivity = async () => {};
