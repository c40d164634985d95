import type { QueryKey } from '@tanstack/react-query';

/**
 * Every TanStack Query key of the console. Keys nest, so one invalidation reaches what a
 * change touches: `gateways` covers a project's table, one gateway and its info (a change to a
 * gateway also changes the projects list, so writers invalidate both); `monitoring` covers
 * every monitoring dialog. The live updates (lib/realtime) patch the gateway keys.
 */
export const QUERY_KEYS = {
  projects: ['projects'] as const,
  project: (id: string) => ['projects', 'one', id] as const,
  gateways: ['gateways'] as const,
  projectGateways: (projectId: string) => ['gateways', 'project', projectId] as const,
  accountGateways: ['gateways', 'account'] as const,
  gateway: (id: string) => ['gateways', 'one', id] as const,
  gatewayDetails: (id: string) => ['gateways', 'details', id] as const,
  permanentToken: (service: string, mac: string) =>
    ['gateways', 'permaToken', service, mac] as const,
  latestVersions: ['latestVersions'] as const,
  informationMessages: ['informationMessages'] as const,
  // Remote access of one gateway, by MAC (read by its dialogs only).
  vpnStatus: (mac: string) => ['vpn', 'status', mac] as const,
  etsPort: (mac: string) => ['vpn', 'etsPort', mac] as const,
  customProxy: (mac: string) => ['vpn', 'customProxy', mac] as const,
  vpnLog: (mac: string) => ['vpn', 'log', mac] as const,
  // A poolnx gateway's pool configuration and its Klereo account's pools, by MAC.
  pool: (mac: string) => ['pool', mac] as const,
  poolConfig: (mac: string) => ['pool', mac, 'config'] as const,
  klereoPools: (mac: string) => ['pool', mac, 'klereoPools'] as const,
  // A gateway's event history and uptime, by MAC (the detail page's events section).
  gatewayEvents: (mac: string) => ['gatewayEvents', mac] as const,
  gatewayEventList: (mac: string, kind: string | null) =>
    ['gatewayEvents', mac, 'list', kind ?? 'all'] as const,
  gatewayUptime: (mac: string) => ['gatewayEvents', mac, 'uptime'] as const,
  accounts: ['accounts'] as const,
  verifyEmail: (token: string) => ['verify-email', token] as const,
  monitoring: ['monitoring'] as const,
  etsInfos: (projectId: string) => ['monitoring', 'ets', projectId] as const,
  gatewayEts: (mac: string) => ['monitoring', 'gatewayEts', mac] as const,
  projectMonitored: (projectId: string) => ['monitoring', 'monitored', projectId] as const,
  monitoredCount: (projectId: string) => ['monitoring', 'count', projectId] as const,
  favorites: (projectId: string) => ['monitoring', 'favorites', projectId] as const,
  graphModbus: (projectId: string) => ['monitoring', 'modbus', projectId] as const,
  graph: (projectId: string, ...request: unknown[]) =>
    ['monitoring', 'graph', projectId, ...request] as const,
  // Open alerts per project (the list's badges): under `projects`, refreshed with the list.
  openAlerts: ['projects', 'openAlerts'] as const,
  // A project's alert history, mutes and settings; `alerts` covers every alerts dialog.
  alerts: ['alerts'] as const,
  projectAlerts: (projectId: string) => ['alerts', 'project', projectId] as const,
  alertHistory: (projectId: string, filters: unknown) =>
    ['alerts', 'project', projectId, 'history', filters] as const,
  alertSummary: (projectId: string) => ['alerts', 'project', projectId, 'summary'] as const,
  alertSettings: (projectId: string) => ['alerts', 'settings', projectId] as const,
  // Modbus (issue 15): a project's meters and values, the wizard's cards of one gateway.
  modbus: ['modbus'] as const,
  gatewayNames: (projectId: string) => ['modbus', 'gatewayNames', projectId] as const,
  modbusMeters: (projectId: string) => ['modbus', 'meters', projectId] as const,
  modbusValues: (projectId: string) => ['modbus', 'values', projectId] as const,
  modbusWizard: (mac: string) => ['modbus', 'wizard', mac] as const,
  // The team activity log (issue 16), per filters.
  activity: (filters: unknown) => ['activity', filters] as const,
  // The fleet home (issue 16): the caller's fleet summary and its gateways' latest events.
  fleetSummary: ['fleet', 'summary'] as const,
  fleetEvents: ['fleet', 'events'] as const,
  // Dashboards (issue 20): a project's chart dashboards, its series, one form and its data;
  // the boss dashboard and its summary; a shared link's dashboard and data, by token.
  dashboards: (projectId: string) => ['dashboards', projectId] as const,
  dashboardSeries: (projectId: string) => ['dashboards', projectId, 'series'] as const,
  dashboardForm: (projectId: string, dashboardId: string) =>
    ['dashboards', projectId, 'form', dashboardId] as const,
  dashboardPreview: (projectId: string, form: string) =>
    ['dashboards', projectId, 'preview', form] as const,
  boss: (projectId: string) => ['bossnx', projectId] as const,
  bossData: (projectId: string) => ['bossnx', projectId, 'data'] as const,
  shared: (token: string) => ['shared', token] as const,
  sharedData: (token: string) => ['shared', token, 'data'] as const,
};

/** The keys that name one thing by its id, as the live updates read them. */
const KEYS_BY_ID = {
  project: QUERY_KEYS.project,
  projectGateways: QUERY_KEYS.projectGateways,
  gateway: QUERY_KEYS.gateway,
  gatewayDetails: QUERY_KEYS.gatewayDetails,
} as const;

type KeyKind = keyof typeof KEYS_BY_ID;

/** Which of KEYS_BY_ID a cached key is, and its id; null for any other key. */
export function readQueryKey(key: QueryKey): { kind: KeyKind; id: string } | null {
  const id = key[key.length - 1];
  if (typeof id !== 'string') return null;
  for (const kind of Object.keys(KEYS_BY_ID) as KeyKind[]) {
    const made = KEYS_BY_ID[kind](id);
    if (made.length === key.length && made.every((part, i) => part === key[i])) {
      return { kind, id };
    }
  }
  return null;
}
