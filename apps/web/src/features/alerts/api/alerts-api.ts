import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  alertSettingsReply,
  alertsReply,
  type AlertSettings,
  type NotificationBody,
} from '@atrium/contracts/alerts';
import { notificationSchema } from '@atrium/contracts/project';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { alertsQueryParams, nextBefore, type AlertFilters } from '../alert-filters';

const enc = encodeURIComponent;

const muteReply = z.object({ mute: z.object({ _id: z.string() }).loose() });
const removedReply = z.object({ removed: z.literal(true) });
const notificationReply = z.object({ notification: notificationSchema });

/** Rows per page of the alert history. */
export const ALERTS_PAGE_SIZE = 50;

/** The alerts calls (issue 14): notification settings, history, mutes, watchdog settings. */
export const alertsApi = {
  saveNotification: (projectId: string, body: NotificationBody) =>
    api.post(`/api/project/notifications/${enc(projectId)}`, body, {
      schema: notificationReply,
    }),
  history: (projectId: string, query: Record<string, string | number>, signal?: AbortSignal) =>
    api.get(`/api/alerts/project/${enc(projectId)}`, { schema: alertsReply, query, signal }),
  mute: (projectId: string, body: { gateway?: string; minutes: number }) =>
    api.post(`/api/alerts/mute/${enc(projectId)}`, body, { schema: muteReply }),
  unmute: (projectId: string, muteId: string) =>
    api.delete(`/api/alerts/mute/${enc(projectId)}/${enc(muteId)}`, { schema: removedReply }),
  settings: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/alerts/settings/${enc(projectId)}`, { schema: alertSettingsReply, signal })
      .then((r) => r.settings),
  saveSettings: (projectId: string, settings: AlertSettings) =>
    api
      .post(`/api/alerts/settings/${enc(projectId)}`, settings, { schema: alertSettingsReply })
      .then((r) => r.settings),
};

/** The history, a page at a time: each page asks for the rows raised before the last one. */
export const alertHistoryQuery = (projectId: string, filters: AlertFilters) =>
  infiniteQueryOptions({
    queryKey: QUERY_KEYS.alertHistory(projectId, filters),
    queryFn: ({ pageParam, signal }) =>
      alertsApi.history(
        projectId,
        alertsQueryParams(filters, ALERTS_PAGE_SIZE, pageParam ?? undefined),
        signal,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => nextBefore(page.alerts, ALERTS_PAGE_SIZE),
  });

/** One row is enough for the notifications dialog: it reads the channels' problems. */
export const alertSummaryQuery = (projectId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.alertSummary(projectId),
    queryFn: ({ signal }) => alertsApi.history(projectId, { limit: 1 }, signal),
  });

export const alertSettingsQuery = (projectId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.alertSettings(projectId),
    queryFn: ({ signal }) => alertsApi.settings(projectId, signal),
  });
