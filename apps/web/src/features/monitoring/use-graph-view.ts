import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GraphSeries } from '@atrium/contracts/graph';
import { graphQuery } from './api/graph-api';
import { graphProblem, type GraphProblem } from './graph-errors';
import { splitSelection, type MeasurementOption } from './graph-selection';
import type { GraphSettingsValue } from './graph-settings';
import type { GraphWindow } from './graph-window';

export interface GraphView {
  numeric: GraphSeries[];
  boolean: GraphSeries[];
  /** Performance mode: min and max series, keyed like `bandKey`. */
  bands: Map<string, { min: GraphSeries; max: GraphSeries }>;
  /** The precision the server used (auto resolved), when known. */
  precision: string | undefined;
  problem: GraphProblem | null;
  noData: boolean;
  loading: boolean;
  fetching: boolean;
}

export const bandKey = (s: GraphSeries) => `${s.mac}|${s.address}`;

/** One empty list, so that "no series" keeps its identity between renders. */
const NONE: GraphSeries[] = [];

/** The graph's queries: numbers and booleans apart, plus min and max in performance mode. */
export function useGraphView(
  projectId: string,
  w: GraphWindow,
  selection: string[],
  options: MeasurementOption[],
  settings: GraphSettingsValue,
): GraphView {
  const split = splitSelection(selection, options);
  const perf = settings.mode === 'performance';
  const common = { projectId, window: w, precision: settings.precision };
  const numericRequest = { ...common, measurements: split.numeric, isBool: false };
  const numeric = useQuery(
    graphQuery({ ...numericRequest, aggregation: settings.aggregation, enabled: true }),
  );
  const min = useQuery(graphQuery({ ...numericRequest, aggregation: 'min', enabled: perf }));
  const max = useQuery(graphQuery({ ...numericRequest, aggregation: 'max', enabled: perf }));
  const boolean = useQuery(
    graphQuery({
      ...common,
      measurements: split.boolean,
      isBool: true,
      aggregation: settings.aggregation,
      enabled: true,
    }),
  );

  const hasNumeric = split.numeric.length > 0;
  const hasBoolean = split.boolean.length > 0;
  const numericData = (hasNumeric && !numeric.isError && numeric.data?.data) || NONE;
  const booleanData = (hasBoolean && !boolean.isError && boolean.data?.data) || NONE;
  const bands = useMemo(() => {
    const map = new Map<string, { min: GraphSeries; max: GraphSeries }>();
    if (!perf || !hasNumeric) return map;
    for (const s of min.data?.data ?? []) {
      const high = max.data?.data.find((m) => bandKey(m) === bandKey(s));
      if (high) map.set(bandKey(s), { min: s, max: high });
    }
    return map;
  }, [perf, hasNumeric, min.data, max.data]);
  const queries = [hasNumeric && numeric, hasBoolean && boolean].filter((q) => q !== false);
  const failed = queries.find((q) => q.isError);
  const loaded = queries.every((q) => q.data !== undefined);
  const empty = [...numericData, ...booleanData].every((s) => s.list.length === 0);
  return {
    numeric: numericData,
    boolean: booleanData,
    bands,
    precision: (hasNumeric ? numeric.data : boolean.data)?.precision,
    problem: failed ? graphProblem(failed.error) : null,
    noData: queries.length > 0 && loaded && !failed && empty,
    loading: queries.some((q) => q.isPending),
    fetching: queries.some((q) => q.isFetching) || (perf && (min.isFetching || max.isFetching)),
  };
}
