import { infiniteQueryOptions } from '@tanstack/react-query';
import { activityPage } from '@atrium/contracts/activity';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { activityQueryParams, type ActivityFilterState } from '../activity-filters';

/** Entries per page of the log. */
export const ACTIVITY_PAGE_SIZE = 50;

/** The team activity log calls (issue 16, decision 0022). */
export const activityApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    api.get('/api/activity', { schema: activityPage, query, signal }),
  /** The CSV file's text, with the same filters. */
  exportCsv: async (filters: ActivityFilterState): Promise<string> => {
    const text = await api.get('/api/activity/export.csv', {
      query: activityQueryParams(filters),
    });
    return typeof text === 'string' ? text : '';
  },
};

/** The log, a page at a time: each page asks for what comes after the previous one's cursor. */
export const activityQuery = (filters: ActivityFilterState) =>
  infiniteQueryOptions({
    queryKey: QUERY_KEYS.activity(filters),
    queryFn: ({ pageParam, signal }) =>
      activityApi.page(
        {
          ...activityQueryParams(filters),
          limit: ACTIVITY_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next ?? null,
  });
