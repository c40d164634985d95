import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Marks the queries under each key stale; those on screen fetch again. */
export const invalidate = (client: QueryClient, ...keys: QueryKey[]) =>
  Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
