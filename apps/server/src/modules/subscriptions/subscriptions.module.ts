import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { ManualBilling, type BillingProviderPort } from './billing-provider';
import { StripeBilling, stripeClient, type StripeConfig } from './stripe-billing';
import { SubscriptionsRepository } from './subscriptions.repository';
import { stripeWebhookRoute, subscriptionRoutes } from './subscriptions.routes';
import { SubscriptionsService } from './subscriptions.service';

interface Deps {
  db: Db;
  /** Stripe's keys and prices; absent: manual billing. */
  stripe?: StripeConfig;
  /** How often trials and manual grants past their end are swept (0: only on reads). */
  sweepMs: number;
}

/** Subscriptions and billing providers (issue 17, decision 0026). */
export function createSubscriptionsModule(d: Deps) {
  const repo = new SubscriptionsRepository(d.db);
  const stripe = d.stripe ? new StripeBilling(stripeClient(d.stripe), d.stripe, repo) : undefined;
  const provider: BillingProviderPort = stripe ?? new ManualBilling();
  const service = new SubscriptionsService({ repo, provider, ...(stripe ? { stripe } : {}) });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(
      subscriptionRoutes as FastifyPluginAsyncZod<{ subs: SubscriptionsService }>,
      {
        subs: service,
      },
    );
    await app.register(stripeWebhookRoute(service, stripe));
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    repo,
    service,
    provider: provider.name,
    routes,
    start() {
      if (d.sweepMs > 0 && !timer) {
        timer = setInterval(() => void service.sweep().catch(() => {}), d.sweepMs);
        timer.unref();
      }
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
