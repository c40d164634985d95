/** Breadcrumb labels of spec §2, as message keys. */
export const BREADCRUMB_KEYS = {
  home: 'breadcrumb.home',
  projects: 'breadcrumb.projects',
  gateways: 'breadcrumb.gateways',
  details: 'breadcrumb.details',
  modbusConfiguration: 'breadcrumb.modbusConfiguration',
  patchNotes: 'breadcrumb.patchNotes',
  modification: 'breadcrumb.modification',
  creation: 'breadcrumb.creation',
  admin: 'breadcrumb.admin',
  nodeRed: 'breadcrumb.nodeRed',
  activity: 'breadcrumb.activity',
} as const;

type CrumbKey = (typeof BREADCRUMB_KEYS)[keyof typeof BREADCRUMB_KEYS];

interface Crumb {
  labelKey: CrumbKey;
  /** Link target; absent for the current page. */
  to?: string;
}

const home: Crumb = { labelKey: BREADCRUMB_KEYS.home, to: '/home' };
const projects: Crumb = { labelKey: BREADCRUMB_KEYS.projects, to: '/projects/list' };
const gatewaysOf = (projectID: string): Crumb => ({
  labelKey: BREADCRUMB_KEYS.gateways,
  to: `/projects/${encodeURIComponent(projectID)}`,
});

function projectsTrail(rest: string[]): Crumb[] {
  const [first, second, third] = rest;
  if (!first || first === 'list') return [{ labelKey: BREADCRUMB_KEYS.projects }];
  if (first === 'modbus-configuration')
    return [projects, { labelKey: BREADCRUMB_KEYS.modbusConfiguration }];
  if (second === 'gateway' && third)
    return [projects, gatewaysOf(first), { labelKey: BREADCRUMB_KEYS.details }];
  if (second === 'modbus-configuration-new')
    return [projects, gatewaysOf(first), { labelKey: BREADCRUMB_KEYS.modbusConfiguration }];
  return [projects, { labelKey: BREADCRUMB_KEYS.gateways }];
}

function generatorTrail(rest: string[]): Crumb[] {
  const [projectID, dashboardID] = rest;
  const action = dashboardID ? BREADCRUMB_KEYS.modification : BREADCRUMB_KEYS.creation;
  return projectID
    ? [projects, gatewaysOf(projectID), { labelKey: action }]
    : [projects, { labelKey: action }];
}

const AREAS: Record<string, (rest: string[]) => Crumb[]> = {
  home: () => [],
  projects: projectsTrail,
  'patch-notes': () => [{ labelKey: BREADCRUMB_KEYS.patchNotes }],
  admin: () => [{ labelKey: BREADCRUMB_KEYS.admin }],
  'node-red': () => [{ labelKey: BREADCRUMB_KEYS.nodeRed }],
  activity: () => [{ labelKey: BREADCRUMB_KEYS.activity }],
  'chartnx-generator': generatorTrail,
  'grafnx-generator': generatorTrail,
};

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The trail for a path inside the shell, from the fleet home; the last crumb has no link. */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean).map(decodeSegment);
  const [area = '', ...rest] = segments;
  const trail = Object.hasOwn(AREAS, area) ? AREAS[area] : undefined;
  if (!trail) return [];
  const crumbs = trail(rest);
  return crumbs.length === 0 ? [{ labelKey: BREADCRUMB_KEYS.home }] : [home, ...crumbs];
}
