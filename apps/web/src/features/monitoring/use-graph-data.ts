import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Aggregation, GraphReply, Precision } from '@atrium/contracts/graph';
import { graphApi } from './graph-api';
import { containsInstant, type GraphWindow } from './graph-window';
import { MONITORING_KEYS } from './monitoring-keys';

/** While the window holds now, the graph asks again this often and extends live. */
export const LIVE_REFRESH_MS = 5_000;

export interface GraphRequest {
  projectId: string;
  window: GraphWindow;
  measurements: string[];
  isBool: boolean;
  precision: Precision;
  aggregation: Aggregation;
  /** False skips the call (nothing of this kind is selected). */
  enabled: boolean;
}

/** One graph query, refreshed every few seconds while the window holds now. */
export function useGraphQuery(r: GraphRequest) {
  const { projectId, window: w } = r;
  return useQuery<GraphReply>({
    queryKey: [
      ...MONITORING_KEYS.graph(projectId),
      w.start,
      w.stop,
      r.measurements,
      r.isBool,
      r.precision,
      r.aggregation,
    ],
    queryFn: ({ signal }) =>
      graphApi.query(
        projectId,
        {
          measurements: r.measurements,
          start: w.start,
          stop: w.stop,
          window: r.precision,
          aggregation: r.aggregation,
          isBool: r.isBool,
        },
        signal,
      ),
    enabled: r.enabled && r.measurements.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: () => (containsInstant(w, Date.now()) ? LIVE_REFRESH_MS : false),
    retry: false,
  });
}
