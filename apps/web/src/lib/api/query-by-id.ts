import { queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The queryOptions of a resource read by one id: its key, its fetcher and how often it is
 * polled (never when `refetchInterval` is left out).
 */
export const queryById =
  <T>(
    key: (id: string) => QueryKey,
    fetch: (id: string, signal: AbortSignal) => Promise<T>,
    refetchInterval?: number,
  ) =>
  (id: string) =>
    queryOptions({
      queryKey: key(id),
      queryFn: ({ signal }) => fetch(id, signal),
      refetchInterval,
    });
