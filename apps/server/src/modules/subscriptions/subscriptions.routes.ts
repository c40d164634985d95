import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSubscriptionReply,
  adminSubscriptionsQuery,
  adminSubscriptionsReply,
  grantSubscriptionBody,
  hasFreeTrialReply,
  linkSubscriptionBody,
  linkSubscriptionReply,
  newSubscriptionBody,
  projectIdParam,
  projectSubscriptionReply,
  startTrialReply,
  subscriptionIdParam,
  subscriptionStatusReply,
  subscriptionsReply,
  unsubscribeReply,
  updateSubscriptionBody,
  urlReply,
} from '@atrium/contracts/subscriptions';
import { errorReply } from '../../lib/schemas';
import { AppError, notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import type { StripeBilling } from './stripe-billing';
import type { SubscriptionsService } from './subscriptions.service';

const tags = ['subscriptions'];
const errors = { 400: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** Document 3 §7 "Subscription calls" and the administrators' manual billing (decision 0026). */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ subs: SubscriptionsService }> = async (
  app,
  { subs },
) => {
  app.get(
    '/api/subscriptions',
    {
      schema: {
        tags,
        summary: "The team's subscriptions",
        response: { 200: subscriptionsReply, ...errors },
      },
    },
    (req) => subs.list(requireUser(req)),
  );

  app.post(
    '/api/subscriptions',
    {
      schema: {
        tags,
        summary: 'Buy a subscription: a Stripe Checkout URL, or the billing page (manual billing)',
        body: newSubscriptionBody,
        response: { 200: urlReply, ...errors },
      },
    },
    (req) => subs.create(requireUser(req), req.body),
  );

  app.get(
    '/api/subscriptions/hasFreeTrial',
    {
      schema: {
        tags,
        summary: 'Whether the team may still start its free trial',
        response: { 200: hasFreeTrialReply },
      },
    },
    (req) => subs.hasFreeTrial(requireUser(req)),
  );

  app.get(
    '/api/subscriptions/portal',
    {
      schema: {
        tags,
        summary: 'The billing portal URL (opened in a new tab)',
        response: { 200: urlReply, ...errors },
      },
    },
    (req) => subs.portal(requireUser(req)),
  );

  app.get(
    '/api/subscriptions/status/:id',
    {
      schema: {
        tags,
        summary: 'A subscription’s status (active, cancelled, past_due, other)',
        description: '404 subNotFound.',
        params: subscriptionIdParam,
        response: { 200: subscriptionStatusReply, ...errors },
      },
    },
    (req) => subs.status(requireUser(req), req.params.id),
  );

  app.get(
    '/api/subscriptions/startTrial/:id',
    {
      schema: {
        tags,
        summary: 'Start the team’s free trial on a project (once per team)',
        description: '409 subAlreadyExists when the team had its trial or the project is not free.',
        params: subscriptionIdParam,
        response: { 200: startTrialReply, ...errors },
      },
    },
    (req) => subs.startTrial(requireUser(req), req.params.id),
  );

  app.get(
    '/api/subscriptions/unsubscribe/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a subscription',
        description: '404 subNotFound; 409 subNotActive when already cancelled.',
        params: subscriptionIdParam,
        response: { 200: unsubscribeReply, ...errors },
      },
    },
    (req) => subs.unsubscribe(requireUser(req), req.params.id),
  );

  app.get(
    '/api/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'A project’s subscription (exists, plan) and trial end',
        params: subscriptionIdParam,
        response: { 200: projectSubscriptionReply, ...errors },
      },
    },
    (req) => subs.ofProject(requireUser(req), req.params.id),
  );

  app.post(
    '/api/subscriptions/:projectId',
    {
      schema: {
        tags,
        summary: 'Link a subscription of the team to the project (its limits follow at once)',
        description: '404 subNotFound; 409 subNotActive for a cancelled subscription.',
        params: projectIdParam,
        body: linkSubscriptionBody,
        response: { 200: linkSubscriptionReply, ...errors },
      },
    },
    (req) => subs.link(requireUser(req), req.params.projectId, req.body),
  );

  // administrators: manual billing (the admin console)
  app.get(
    '/api/admin/subscriptions',
    {
      schema: {
        tags,
        summary: 'Every team’s subscriptions, filtered and paged (admin)',
        querystring: adminSubscriptionsQuery,
        response: { 200: adminSubscriptionsReply, ...errors },
      },
    },
    (req) => subs.adminList(req.query),
  );

  app.post(
    '/api/admin/subscriptions',
    {
      schema: {
        tags,
        summary: 'Grant a plan to a team or a project by hand (admin, manual billing)',
        body: grantSubscriptionBody,
        response: { 201: adminSubscriptionReply, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await subs.grant(req.body)),
  );

  app.post(
    '/api/admin/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'Extend (until) or change the plan of a manual subscription (admin)',
        params: subscriptionIdParam,
        body: updateSubscriptionBody,
        response: { 200: adminSubscriptionReply, ...errors },
      },
    },
    (req) => subs.adminUpdate(req.params.id, req.body),
  );

  app.post(
    '/api/admin/subscriptions/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a subscription (admin)',
        params: subscriptionIdParam,
        response: { 200: adminSubscriptionReply, ...errors },
      },
    },
    (req) => subs.adminCancel(req.params.id),
  );
};

/**
 * Stripe's webhook: the raw body is verified with the SDK (constructEvent) before anything
 * changes; 400 billingSignature otherwise. A replayed event id is acknowledged and ignored.
 */
export function stripeWebhookRoute(
  subs: SubscriptionsService,
  stripe: StripeBilling | undefined,
): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    app.post(
      '/api/billing/stripe/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook (signed; customer.subscription.*, invoice.payment_failed)',
          response: {
            200: z.object({ received: z.literal(true), replay: z.boolean() }),
            400: errorReply,
            404: errorReply,
          },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body))
          throw new AppError('billingSignature', 'Raw JSON body expected');
        // Manual billing: there is no Stripe to hear from.
        if (!stripe) throw notFound('Stripe billing');
        const sig = req.headers['stripe-signature'];
        const event = stripe.verify(req.body, Array.isArray(sig) ? sig[0] : sig);
        return subs.applyStripeEvent(event);
      },
    );
  };
}
