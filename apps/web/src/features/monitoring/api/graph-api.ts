import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  favoritesReply,
  graphReply,
  modbusMeasurement,
  type Aggregation,
  type Favorite,
  type GraphQuery,
  type Precision,
} from '@atrium/contracts/graph';
import { modbusMetersReply, modbusValuesReply } from '@atrium/contracts/modbus';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { containsInstant, type GraphWindow } from '../graph-window';

const enc = encodeURIComponent;

/** The graph query and favorites (spec document 2 §2 Graph dialog, §7). */
export const graphApi = {
  query: (projectId: string, body: GraphQuery, signal?: AbortSignal) =>
    api.post(`/api/project/timeseries/${enc(projectId)}`, body, { schema: graphReply, signal }),
  favorites: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/timeseries/favorites/${enc(projectId)}`, {
        schema: favoritesReply,
        signal,
      })
      .then((r) => r.favorites),
  addFavorite: (projectId: string, favorite: Favorite, overwrite: boolean) =>
    api
      .post(
        `/api/project/timeseries/favorites/add/${enc(projectId)}`,
        { favorites: favorite, overwrite },
        { schema: favoritesReply },
      )
      .then((r) => r.favorites),
  removeFavorite: (projectId: string, name: string) =>
    api
      .post(
        `/api/project/timeseries/favorites/remove/${enc(projectId)}`,
        { favorite: name },
        { schema: favoritesReply },
      )
      .then((r) => r.favorites),
};

/** A Modbus value the graph can chart: its measurement, "meter – value", gateway and unit. */
export interface ModbusMeasurement {
  measurement: string;
  name: string;
  gateway: string;
  unit: string;
}

/** The project's Modbus values as graph measurements (meters first fetched for their names). */
async function modbusMeasurements(projectId: string, signal?: AbortSignal) {
  const [{ meters }, { values }] = await Promise.all([
    api.get(`/api/project/monitored/modbus/meters/${enc(projectId)}`, {
      schema: modbusMetersReply,
      signal,
    }),
    api.get(`/api/project/monitored/modbus/values/${enc(projectId)}`, {
      schema: modbusValuesReply,
      signal,
    }),
  ]);
  const byId = new Map(meters.map((m) => [m.id, m]));
  return values.flatMap((v): ModbusMeasurement[] => {
    const meter = byId.get(v.meterId);
    if (!meter || v.options.dataType === 'STRING') return [];
    const name = `${meter.name} – ${v.name}`;
    return [
      { measurement: modbusMeasurement(v.id), name, gateway: meter.gatewayMac, unit: v.unit },
    ];
  });
}

/** The Modbus values the graph dialog offers beside the monitored addresses. */
export const graphModbusQuery = (projectId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.graphModbus(projectId),
    queryFn: ({ signal }) => modbusMeasurements(projectId, signal),
  });

/** The project's saved graph selections; the save and remove replies replace it. Not polled. */
export const favoritesQuery = (projectId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.favorites(projectId),
    queryFn: ({ signal }) => graphApi.favorites(projectId, signal),
  });

/** While the window holds now, the graph asks again this often and extends live. */
const LIVE_REFRESH_MS = 5_000;

interface GraphRequest {
  projectId: string;
  window: GraphWindow;
  measurements: string[];
  isBool: boolean;
  precision: Precision;
  aggregation: Aggregation;
  /** False skips the call (nothing of this kind is selected). */
  enabled: boolean;
}

/** One graph query, refreshed every 5 s while the window holds now, else not polled. */
export const graphQuery = (r: GraphRequest) => {
  const { projectId, window: w } = r;
  const body: GraphQuery = {
    measurements: r.measurements,
    start: w.start,
    stop: w.stop,
    window: r.precision,
    aggregation: r.aggregation,
    isBool: r.isBool,
  };
  return queryOptions({
    queryKey: QUERY_KEYS.graph(
      projectId,
      w.start,
      w.stop,
      r.measurements,
      r.isBool,
      r.precision,
      r.aggregation,
    ),
    queryFn: ({ signal }) => graphApi.query(projectId, body, signal),
    enabled: r.enabled && r.measurements.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: () => (containsInstant(w, Date.now()) ? LIVE_REFRESH_MS : false),
    retry: false,
  });
};
