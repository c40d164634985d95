import type { TFunction } from 'i18next';
import type { ActivityAction, ActivityEntry } from '@atrium/contracts/activity';
import { COMMAND_LABELS } from '../../lib/i18n/gateway-commands';

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
      'gateway.command',
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

/** A protocol command (config.password) by the name the gateway's history gives it. */
const commandName = (command: string, t: TFunction) => {
  const key = COMMAND_LABELS[command];
  return key ? t(key) : command;
};

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
    licence: text(d.type) ? t(`licence.types.${text(d.type)}`, { value: d.value ?? 1 }) : '',
    command: text(d.command) ? commandName(text(d.command), t) : '',
    versions:
      e.action === 'gateway.command' && text(d.to) ? ` (${text(d.from)} → ${text(d.to)})` : '',
  });
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox 140 · Windows" from a User-Agent; the text itself when it is not one it knows. */
export function browserSummary(ua: string): string {
  const browser = BROWSERS.map(([re, name]) => [re.exec(ua), name] as const).find(([m]) => m);
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (!browser) return ua;
  const [match, name] = browser;
  const version = match?.[1] ? ` ${match[1]}` : '';
  return system ? `${name}${version} · ${system}` : `${name}${version}`;
}

/** A second line: the browser of a new sign-in, in short (the whole User-Agent as its title). */
export function activityNote(e: ActivityEntry): { text: string; title: string } | undefined {
  const ua = e.action === 'signin.newBrowser' ? text(e.details?.browser) : '';
  return ua ? { text: browserSummary(ua), title: ua } : undefined;
}

/** Where the target opens in the console; undefined when it is gone or is an account. */
export function targetPath(e: ActivityEntry): string | undefined {
  if (!e.currentProject) return undefined;
  const project = `/projects/${encodeURIComponent(e.currentProject)}`;
  if (e.target.kind === 'project') return project;
  if (e.target.kind === 'gateway') return `${project}/gateway/${encodeURIComponent(e.target.id)}`;
  return undefined;
}
