import { queryOptions } from '@tanstack/react-query';
import {
  hasFreeTrialReply,
  linkSubscriptionReply,
  startTrialReply,
  subscriptionsReply,
  unsubscribeReply,
  urlReply,
} from '@atrium/contracts/subscriptions';
import type { PaidPlan } from '@atrium/contracts/plans';
import { api } from '../../../lib/api/client';

const enc = encodeURIComponent;

/** Subscription calls (document 3 §7; issue 17). */
export const subscriptionsApi = {
  list: (signal?: AbortSignal) =>
    api
      .get('/api/subscriptions', { schema: subscriptionsReply, signal })
      .then((r) => r.subscriptions),
  hasFreeTrial: (signal?: AbortSignal) =>
    api
      .get('/api/subscriptions/hasFreeTrial', { schema: hasFreeTrialReply, signal })
      .then((r) => r.hasFreeTrial),
  startTrial: (projectId: string) =>
    api.get(`/api/subscriptions/startTrial/${enc(projectId)}`, { schema: startTrialReply }),
  link: (subId: string, projectId: string) =>
    api.post(
      `/api/subscriptions/${enc(projectId)}`,
      { subId, projectId },
      { schema: linkSubscriptionReply },
    ),
  buy: (plan: PaidPlan) =>
    api.post('/api/subscriptions', { subscriptions: [{ plan }] }, { schema: urlReply }),
  portal: () => api.get('/api/subscriptions/portal', { schema: urlReply }).then((r) => r.url),
  unsubscribe: (id: string) =>
    api.get(`/api/subscriptions/unsubscribe/${enc(id)}`, { schema: unsubscribeReply }),
};

export const SUBSCRIPTION_KEYS = {
  all: ['subscriptions'] as const,
  list: ['subscriptions', 'list'] as const,
  trial: ['subscriptions', 'trial'] as const,
};

export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: SUBSCRIPTION_KEYS.list,
    queryFn: ({ signal }) => subscriptionsApi.list(signal),
  });

export const hasFreeTrialQuery = () =>
  queryOptions({
    queryKey: SUBSCRIPTION_KEYS.trial,
    queryFn: ({ signal }) => subscriptionsApi.hasFreeTrial(signal),
  });
