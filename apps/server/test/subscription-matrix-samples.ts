import type { FastifyInstance } from 'fastify';
import type { Sample } from './matrix-fixtures';
import { modulesOf } from './test-server';

/** An active manual subscription of the team, linked to no project (issue 17). */
export async function seedSubscription(app: FastifyInstance, teamId: string) {
  const { subscription } = await modulesOf(app).subscriptions.service.grant({
    teamId,
    plan: 'starter',
  });
  return subscription._id;
}

/**
 * Samples of the subscription routes that name a subscription: it is the fixture team's,
 * so the other teams' callers get 404 subNotFound (`teamRow`), never its data.
 */
export const SUBSCRIPTION_SAMPLES: Record<
  string,
  (f: { subscription: string; project: { id: string } }) => Sample
> = {
  'GET /api/subscriptions/status/:id': (f) => ({
    params: { id: f.subscription },
    teamRow: 'subNotFound',
  }),
  'GET /api/subscriptions/unsubscribe/:id': (f) => ({
    params: { id: f.subscription },
    teamRow: 'subNotFound',
  }),
  'GET /api/admin/subscriptions': () => ({ query: { status: 'active', limit: '5' } }),
  'POST /api/admin/subscriptions': (f) => ({
    payload: { projectId: f.project.id, plan: 'pro', until: Date.now() + 86_400_000 },
  }),
  'POST /api/admin/subscriptions/:id': (f) => ({
    params: { id: f.subscription },
    payload: { until: Date.now() + 86_400_000 },
  }),
  'POST /api/admin/subscriptions/:id/cancel': (f) => ({ params: { id: f.subscription } }),
};
