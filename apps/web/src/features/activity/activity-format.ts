import type { TFunction } from 'i18next';
import type { ActivityAction, ActivityEntry } from '@atrium/contracts/activity';

/** The action filter's groups, in the menu's order. */
export const ACTION_GROUPS: readonly { group: string; actions: readonly ActivityAction[] }[] = [
  {
    group: 'projects',
    actions: [
      'project.create',
      'project.rename',
      'project.delete',
      'projectViewer.add',
      'projectViewer.remove',
    ],
  },
  {
    group: 'gateways',
    actions: [
      'gateway.add',
      'gateway.link',
      'gateway.move',
      'gateway.unlink',
      'gateway.rename',
      'gateway.share',
      'gateway.remove',
    ],
  },
  {
    group: 'accounts',
    actions: [
      'account.create',
      'account.rank',
      'account.delete',
      'viewerAccount.create',
      'viewerAccount.delete',
      'signin.newBrowser',
    ],
  },
  { group: 'licences', actions: ['licence.apply'] },
];

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The sentence key of an entry: a gateway added to a project or as a demo says so. */
function sentenceKey(e: ActivityEntry): string {
  const d = e.details ?? {};
  if (e.action === 'gateway.add') {
    if (d.virtual === true) return 'activity.sentence.gateway.addVirtual';
    if (typeof d.project === 'string') return 'activity.sentence.gateway.addToProject';
  }
  return `activity.sentence.${e.action}`;
}

/** What happened, as a sentence of the console's language (the target is shown beside it). */
export function activitySentence(e: ActivityEntry, t: TFunction): string {
  const d = e.details ?? {};
  const rank = (v: unknown) => (text(v) ? t(`rank.${text(v)}`) : '');
  return t(sentenceKey(e), {
    from: e.action === 'account.rank' ? rank(d.from) : text(d.from),
    to: rank(d.to),
    rank: rank(d.rank),
    project: text(d.project),
    email: text(d.email),
    type: text(d.type),
  });
}

/** A second line: the browser of a new sign-in. */
export function activityNote(e: ActivityEntry): string {
  return e.action === 'signin.newBrowser' ? text(e.details?.browser) : '';
}

/** Where the target opens in the console; undefined when it is gone or is an account. */
export function targetPath(e: ActivityEntry): string | undefined {
  if (!e.currentProject) return undefined;
  const project = `/projects/${encodeURIComponent(e.currentProject)}`;
  if (e.target.kind === 'project') return project;
  if (e.target.kind === 'gateway') return `${project}/gateway/${encodeURIComponent(e.target.id)}`;
  return undefined;
}
