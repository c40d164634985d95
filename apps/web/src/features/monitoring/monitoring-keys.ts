/** TanStack Query keys of the monitoring dialogs, all under one root so a change can refresh them. */
export const MONITORING_KEYS = {
  all: ['monitoring'] as const,
  etsInfos: (projectId: string) => ['monitoring', 'ets', projectId] as const,
  gatewayEts: (mac: string) => ['monitoring', 'gatewayEts', mac] as const,
  projectMonitored: (projectId: string) => ['monitoring', 'monitored', projectId] as const,
  monitoredCount: (projectId: string) => ['monitoring', 'count', projectId] as const,
  logger: (projectId: string) => ['monitoring', 'logger', projectId] as const,
  favorites: (projectId: string) => ['monitoring', 'favorites', projectId] as const,
  graph: (projectId: string) => ['monitoring', 'graph', projectId] as const,
};
