import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  favoritesReply,
  graphReply,
  type Aggregation,
  type Favorite,
  type GraphQuery,
  type Precision,
} from '@atrium/contracts/graph';
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
