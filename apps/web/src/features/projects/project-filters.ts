import { GATEWAY_TYPES, type GatewayType } from '@atrium/contracts/limits';
import type { ProjectFeature, ProjectItem } from '@atrium/contracts/project';

/** Online indicator of a project: 2 all gateways online, 1 some, 0 none. */
export const ONLINE_LEVELS = ['2', '1', '0'] as const;
type OnlineLevel = (typeof ONLINE_LEVELS)[number];

/**
 * How the features filter combines its choices: inclusive keeps projects with
 * at least one of them, exclusive only projects with all of them.
 */
export const FEATURE_RULES = ['inclusive', 'exclusive'] as const;
type FeatureRule = (typeof FEATURE_RULES)[number];

export interface ProjectFilters {
  search: string;
  types: GatewayType[];
  online: OnlineLevel[];
  features: ProjectFeature[];
  rule: FeatureRule;
}

export const NO_PROJECT_FILTERS: ProjectFilters = {
  search: '',
  types: [],
  online: [],
  features: [],
  rule: 'inclusive',
};

const listOf = (params: URLSearchParams, name: string) =>
  (params.get(name) ?? '').split(',').filter((v) => v !== '');

/**
 * The filters a link asks for in the list's query string: `online` (levels 2, 1, 0) and
 * `types` (gateway types), comma-separated; unknown values are left out (the fleet home's links).
 */
export function filtersFromQuery(params: URLSearchParams): ProjectFilters {
  return {
    ...NO_PROJECT_FILTERS,
    online: ONLINE_LEVELS.filter((l) => listOf(params, 'online').includes(l)),
    types: GATEWAY_TYPES.filter((t) => listOf(params, 'types').includes(t)),
  };
}

export function hasProjectFilters(f: ProjectFilters): boolean {
  return f.search.trim() !== '' || f.types.length + f.online.length + f.features.length > 0;
}

/** Lowercase without accents, so "eco" finds "Éco-quartier". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface Row {
  name: string;
  online: ProjectItem['online'];
  features: readonly ProjectFeature[];
  gateways: readonly { type: GatewayType }[];
}

function matchesFeatures(project: Row, f: ProjectFilters): boolean {
  if (f.features.length === 0) return true;
  const has = (feature: ProjectFeature) => project.features.includes(feature);
  return f.rule === 'inclusive' ? f.features.some(has) : f.features.every(has);
}

export function filterProjects<P extends Row>(projects: readonly P[], f: ProjectFilters): P[] {
  const search = fold(f.search.trim());
  return projects.filter(
    (p) =>
      fold(p.name).includes(search) &&
      (f.types.length === 0 || p.gateways.some((g) => f.types.includes(g.type))) &&
      (f.online.length === 0 || f.online.includes(String(p.online) as OnlineLevel)) &&
      matchesFeatures(p, f),
  );
}

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/** Sorted by name, as the list shows them. */
export function sortProjects<P extends Pick<ProjectItem, 'name'>>(projects: readonly P[]): P[] {
  return [...projects].sort((a, b) => collator.compare(a.name, b.name));
}

/** The label of a project: prefixed [VIEW] when the user's role on it is viewer (spec §2). */
export function projectLabel(project: Pick<ProjectItem, 'name' | 'role'>): string {
  return project.role === 'viewer' ? `[VIEW] ${project.name}` : project.name;
}
