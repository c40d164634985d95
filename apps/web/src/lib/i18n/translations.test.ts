import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS } from '@atrium/contracts/activity';
import {
  BAR_PERIODS,
  BAR_TOTALS,
  RELATIVE_RANGES,
  SHARE_BUCKETS,
  WIDGET_KINDS,
} from '@atrium/contracts/dashboards';
import { ERROR_CATALOGUE, ERROR_CODE_LIST } from '@atrium/contracts/errors';
import { AGGREGATIONS, PRECISIONS } from '@atrium/contracts/graph';
import { LICENCE_TYPES } from '@atrium/contracts/licence';
import { PLAN_NAMES } from '@atrium/contracts/plans';
import { GATEWAY_TYPES, LANGUAGES, RANKS } from '@atrium/contracts/limits';
import { PROJECT_FEATURES } from '@atrium/contracts/project';
import { PASSWORD_CRITERIA } from '@atrium/contracts/user';
import { BREADCRUMB_KEYS } from '../../app/shell/breadcrumb-trail';
import { ADD_METHODS, ADD_STEPS } from '../../features/gateways/add-gateway/add-gateway-plan';
import { GATEWAY_STATUSES } from '../../features/gateways/gateway-filters';
import { FEATURE_RULES, ONLINE_LEVELS } from '../../features/projects/project-filters';
import {
  PROJECT_DIALOG_KINDS,
  PROJECT_MENU_ACTIONS,
} from '../../features/projects/project-menu-actions';
import { STRENGTH_LEVELS } from '../../features/welcome/password-strength';
import { SIGNIN_ERROR_KEYS } from '../api/error-key';
import {
  POOL_ADDRESS_OPTIONS,
  POOL_KEY_MESSAGES,
  POOL_TABLE_KINDS,
  TEMP_CONTROL_FIELDS,
} from '../../features/gateway-detail/pool/pool-model';
import { KLEREO_PASSWORD_CRITERIA, POOL_LIMITS } from '@atrium/contracts/pool';

const webRoot = join(import.meta.dirname, '..', '..', '..');
const srcRoot = join(webRoot, 'src');

function loadMessages(language: string): unknown {
  return JSON.parse(readFileSync(join(webRoot, 'public/assets/i18n', `${language}.json`), 'utf8'));
}

/** Dotted paths of every string leaf. */
function flattenKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${prefix || '(root)'} is neither a string nor an object`);
  }
  return Object.entries(value).flatMap(([k, v]) => flattenKeys(v, prefix ? `${prefix}.${k}` : k));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const literal = /'([^'\n]+)'|"([^"\n]+)"/g;
// t('key'), notify.error('key')…, and props or fields named i18nKey/titleKey/labelKey/messageKey.
const callPattern =
  /\b(?:t|notify\.(?:error|warning|success|info))\(\s*(?:'([^'\n]+)'|"([^"\n]+)")/g;
const propPattern =
  /\b(?:i18nKey|titleKey|labelKey|messageKey)\s*[=:]\s*(\{[^}]*\}|'[^']*'|"[^"]*")/g;
const templateCall = /\bt\(\s*`([^`$]*)\$\{/g;

function keysInSource(code: string): string[] {
  const keys: string[] = [];
  for (const m of code.matchAll(callPattern)) keys.push((m[1] ?? m[2])!);
  for (const m of code.matchAll(propPattern)) {
    for (const l of m[1]!.matchAll(literal)) keys.push((l[1] ?? l[2])!);
  }
  return keys;
}

const fr = new Set(flattenKeys(loadMessages('fr')));
const en = new Set(flattenKeys(loadMessages('en')));
const files = sourceFiles(srcRoot);

// Keys built at run time: each prefix below is used with a template literal in the code.
const DYNAMIC_PREFIXES: Record<string, string[]> = {
  'activity.action.': ACTIVITY_ACTIONS.map((a) => `activity.action.${a}`),
  'activity.sentence.': [...ACTIVITY_ACTIONS, 'gateway.addToProject', 'gateway.addVirtual'].map(
    (a) => `activity.sentence.${a}`,
  ),
  'activity.filters.': ['from', 'to'].map((k) => `activity.filters.${k}`),
  'language.': LANGUAGES.map((l) => `language.${l}`),
  'rank.': RANKS.map((r) => `rank.${r}`),
  'passwordCriteria.': Object.keys(PASSWORD_CRITERIA).map((c) => `passwordCriteria.${c}`),
  'passwordStrength.levels.': STRENGTH_LEVELS.map((l) => `passwordStrength.levels.${l}`),
  'gatewayType.': GATEWAY_TYPES.map((g) => `gatewayType.${g}`),
  'gateways.status.': GATEWAY_STATUSES.map((s) => `gateways.status.${s}`),
  'gateways.version.status.': ['EOL', 'beta', 'outdated', 'uptodate'].map(
    (s) => `gateways.version.status.${s}`,
  ),
  'addGateway.methods.': ADD_METHODS.map((m) => `addGateway.methods.${m}`),
  'addGateway.steps.': ADD_STEPS.map((s) => `addGateway.steps.${s}`),
  'csvImport.': ['gateways', 'licences'].flatMap((kind) =>
    ['title', 'hint', 'columns'].map((k) => `csvImport.${kind}.${k}`),
  ),
  'licence.types.': LICENCE_TYPES.map((l) => `licence.types.${l}`),
  'projects.dialogs.': PROJECT_DIALOG_KINDS.map((d) => `projects.dialogs.${d}`),
  'projects.features.': PROJECT_FEATURES.map((f) => `projects.features.${f}`),
  'projects.filters.rules.': FEATURE_RULES.map((r) => `projects.filters.rules.${r}`),
  'projects.menu.': PROJECT_MENU_ACTIONS.map((a) => `projects.menu.${a}`),
  'projects.online.': ONLINE_LEVELS.map((o) => `projects.online.${o}`),
  'subscriptions.plans.': PLAN_NAMES.map((p) => `subscriptions.plans.${p}`),
  'pool.table.': POOL_TABLE_KINDS.map((k) => `pool.table.${k}`),
  'pool.criteria.': Object.keys(KLEREO_PASSWORD_CRITERIA).map((c) => `pool.criteria.${c}`),
  'pool.optionName.': POOL_ADDRESS_OPTIONS.map((o) => `pool.optionName.${o}`),
  'pool.optionHint.': POOL_ADDRESS_OPTIONS.map((o) => `pool.optionHint.${o}`),
  'pool.refreshEvery.': POOL_LIMITS.refreshMinutes.map((m) => `pool.refreshEvery.${m}`),
  'pool.tempField.': TEMP_CONTROL_FIELDS.map((f) => `pool.tempField.${f}`),
  'pool.keys.': POOL_KEY_MESSAGES.map((k) => `pool.keys.${k}`),
  'dashboards.kinds.': WIDGET_KINDS.map((k) => `dashboards.kinds.${k}`),
  'dashboards.ranges.': [...RELATIVE_RANGES, 'custom'].map((r) => `dashboards.ranges.${r}`),
  'dashboards.share.buckets.': SHARE_BUCKETS.map((b) => `dashboards.share.buckets.${b}`),
  'dashboards.widget.periods.': BAR_PERIODS.map((p) => `dashboards.widget.periods.${p}`),
  'dashboards.widget.totals.': BAR_TOTALS.map((p) => `dashboards.widget.totals.${p}`),
  'monitoring.graph.precisions.': PRECISIONS.map((p) => `monitoring.graph.precisions.${p}`),
  'monitoring.graph.aggregations.': AGGREGATIONS.map((a) => `monitoring.graph.aggregations.${a}`),
};
const dynamicKeys = [
  ...Object.values(DYNAMIC_PREFIXES).flat(),
  ...Object.values(BREADCRUMB_KEYS),
  ...SIGNIN_ERROR_KEYS,
  // Reasons a CSV import gives for a refused row (apps/server gateway and licence imports).
  ...[
    'wrongColumnCount',
    'invalidMac',
    'invalidSerial',
    'invalidType',
    'invalidVersion',
    'duplicateMac',
    'invalidColumns',
    'gatewayAlreadyAdded',
    'invalidKey',
    'invalidValue',
    'duplicateKey',
    'licenceAlreadyExists',
  ].map((r) => `csvImport.reasons.${r}`),
  // The console shows the catalogue's message key of an error reply's code.
  ...ERROR_CODE_LIST.map((code) => ERROR_CATALOGUE[code].key),
];

describe('translation files', () => {
  it('fr.json and en.json have the same keys', () => {
    expect([...fr].filter((k) => !en.has(k))).toEqual([]);
    expect([...en].filter((k) => !fr.has(k))).toEqual([]);
  });

  it('have no empty message', () => {
    for (const language of ['fr', 'en']) {
      const text = JSON.stringify(loadMessages(language));
      expect(text, language).not.toMatch(/:""/);
    }
  });

  it('contain every key used in the source', () => {
    const used = files.flatMap((file) =>
      keysInSource(readFileSync(file, 'utf8')).map((key) => ({
        key,
        file: relative(srcRoot, file),
      })),
    );
    // The scan itself must work: it finds the sign-in messages and the placeholder titles.
    const usedKeys = new Set(used.map((u) => u.key));
    expect(usedKeys).toContain('checkMails');
    expect(usedKeys).toContain('welcome.login.submit');
    expect(usedKeys).toContain('pages.chartnx.creationTitle');
    expect(usedKeys).toContain('projects.actions.add');
    expect(usedKeys).toContain('gatewayAddedToAccount');
    const missing = [...used, ...dynamicKeys.map((key) => ({ key, file: '(dynamic)' }))].filter(
      ({ key }) => !fr.has(key) || !en.has(key),
    );
    expect(missing).toEqual([]);
  });

  it('every dynamic key in the source uses a prefix listed in this test', () => {
    const prefixes = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(templateCall)].map((m) => m[1]!),
    );
    expect(prefixes.length).toBeGreaterThan(0);
    expect(prefixes.filter((p) => !(p in DYNAMIC_PREFIXES))).toEqual([]);
  });

  it('have a message for every code of the error catalogue, each with its HTTP status', () => {
    const problems = ERROR_CODE_LIST.flatMap((code) => {
      const { status, key } = ERROR_CATALOGUE[code];
      const found: string[] = [];
      if (!Number.isInteger(status) || status < 400 || status > 599) found.push(`${code}: status`);
      if (!key || !fr.has(key) || !en.has(key)) found.push(`${code}: message key ${key}`);
      return found;
    });
    expect(ERROR_CODE_LIST.length).toBeGreaterThan(60);
    expect(problems).toEqual([]);
  });

  it('resolves the nested spec key otp.invalid', () => {
    expect(fr.has('otp.invalid') && en.has('otp.invalid')).toBe(true);
  });
});

describe('keysInSource', () => {
  it('finds t() calls, notify calls and key props', () => {
    const code = `t('a.b'); notify.warning("c"); <P titleKey={x ? 'd' : 'e'} />; labelKey: 'f'`;
    expect(keysInSource(code)).toEqual(['a.b', 'c', 'd', 'e', 'f']);
  });
});
