import { useQuery } from '@tanstack/react-query';
import {
  favoritesReply,
  graphReply,
  type Favorite,
  type GraphQuery,
} from '@atrium/contracts/graph';
import { api } from '../../lib/api/client';
import { MONITORING_KEYS } from './monitoring-keys';

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

export function useFavorites(projectId: string) {
  return useQuery({
    queryKey: MONITORING_KEYS.favorites(projectId),
    queryFn: ({ signal }) => graphApi.favorites(projectId, signal),
  });
}
