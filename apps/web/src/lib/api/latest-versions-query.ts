import { queryOptions } from '@tanstack/react-query';
import { latestVersionsReply } from '@atrium/contracts/version';
import { api } from './client';
import { QUERY_KEYS } from './query-keys';

/**
 * The reference firmware per gateway type (gateway table and detail screen). It changes with
 * a release, not while a screen is open: not polled, fresh for 10 minutes.
 */
export const latestVersionsQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.latestVersions,
    queryFn: ({ signal }) =>
      api.get('/api/information/version', { schema: latestVersionsReply, signal }),
    staleTime: 10 * 60_000,
  });
