import { z } from 'zod';

/**
 * The team activity log (issue 16, decision 0022): who did what in a team, read by its
 * managers and supervisors. Every action the server records is listed here, grouped by what
 * it acts on; the console translates each one as a sentence.
 */
export const ACTIVITY_ACTIONS = [
  'project.create',
  'project.rename',
  'project.delete',
  'projectViewer.add',
  'projectViewer.remove',
  'gateway.add',
  'gateway.link',
  'gateway.move',
  'gateway.unlink',
  'gateway.rename',
  'gateway.share',
  'gateway.remove',
  /** A command a user sent to a gateway: reboot, firmware update, remote access… */
  'gateway.command',
  'account.create',
  'account.rank',
  'account.delete',
  'viewerAccount.create',
  'viewerAccount.delete',
  'licence.apply',
  'signin.newBrowser',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What an entry acts on: a project, a gateway (its MAC as id) or an account (its e-mail as name). */
export const ACTIVITY_TARGET_KINDS = ['project', 'gateway', 'account'] as const;
export type ActivityTargetKind = (typeof ACTIVITY_TARGET_KINDS)[number];

/** Kept this long, then swept (decision 0022). */
export const ACTIVITY_RETENTION_MS = 365 * 24 * 3600 * 1000;
/** Rows of one page of `GET /api/activity`. */
export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 200;
/** Rows of one CSV export at most (the newest). */
export const ACTIVITY_EXPORT_MAX = 50_000;

/** Small facts of an entry: the old and new name, the rank, the project a gateway moved from. */
export const activityDetails = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type ActivityDetails = z.infer<typeof activityDetails>;

export const activityTarget = z.object({
  kind: z.enum(ACTIVITY_TARGET_KINDS),
  id: z.string(),
  name: z.string(),
});
export type ActivityTarget = z.infer<typeof activityTarget>;

export const activityEntry = z.object({
  id: z.string(),
  /** Epoch milliseconds. */
  at: z.number(),
  /** The e-mail of who did it (kept as it was, even once the account is deleted). */
  actor: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  target: activityTarget,
  details: activityDetails.optional(),
  /**
   * In the list only: the project the target is in now (the project itself for a project);
   * absent when the target is gone, is not in a project, or is an account.
   */
  currentProject: z.string().optional(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

const epochMs = z.coerce.number().int().min(0).max(8.64e15);

/** `actions=project.create,gateway.link`: any of them (unknown names are refused). */
const actionList = z
  .string()
  .max(1000)
  .transform((value, ctx) => {
    const names = value.split(',').filter((n) => n !== '');
    const actions = ACTIVITY_ACTIONS.filter((a) => names.includes(a));
    if (actions.length === new Set(names).size) return actions;
    ctx.addIssue({ code: 'custom', message: 'invalidForm' });
    return z.NEVER;
  });

/** Filters of `GET /api/activity` and `GET /api/activity/export.csv`. */
export const activityFilters = z.strictObject({
  from: epochMs.optional().describe('entries at or after (epoch ms)'),
  to: epochMs.optional().describe('entries before (epoch ms)'),
  actions: actionList.optional().describe('comma-separated actions: any of them'),
  actor: z.string().trim().max(254).optional().describe("part of the actor's e-mail"),
});
export type ActivityFilters = z.infer<typeof activityFilters>;

/** The list's query: the filters, then the page (newest first). */
export const activityQuery = activityFilters.extend({
  cursor: z.string().max(100).optional().describe('`next` of the previous page'),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuery>;

export const activityPage = z.object({
  entries: z.array(activityEntry),
  /** The cursor of the next page; absent on the last one. */
  next: z.string().optional(),
});
export type ActivityPage = z.infer<typeof activityPage>;
