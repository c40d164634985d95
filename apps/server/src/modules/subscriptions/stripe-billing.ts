import Stripe from 'stripe';
import type { PaidPlan } from '@atrium/contracts/plans';
import { AppError } from '../../lib/errors';
import type { BillingProviderPort, BillingTeam } from './billing-provider';
import type { SubscriptionsRepository } from './subscriptions.repository';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Price ids of the paid plans. */
  prices: Record<PaidPlan, string | undefined>;
  /** Another API host (tests, stripe-mock): http://127.0.0.1:12111. */
  apiUrl?: string;
  /** Where Checkout and the Customer Portal send the user back (the console's origin). */
  publicUrl: string;
}

/** The SDK client, pointed at `apiUrl` when given. */
export function stripeClient(c: Pick<StripeConfig, 'secretKey' | 'apiUrl'>): Stripe {
  if (!c.apiUrl) return new Stripe(c.secretKey, { maxNetworkRetries: 1 });
  const u = new URL(c.apiUrl);
  return new Stripe(c.secretKey, {
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)),
    protocol: u.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  });
}

/**
 * Stripe (decision 0026): Checkout for a new subscription, the Customer Portal for the
 * portal, and its signed webhooks as the source of truth for statuses (subscriptions.service).
 */
export class StripeBilling implements BillingProviderPort {
  readonly name = 'stripe' as const;

  constructor(
    readonly stripe: Stripe,
    private readonly c: StripeConfig,
    private readonly repo: SubscriptionsRepository,
  ) {}

  /** The team's Stripe customer, created on first use. */
  private async customer(team: BillingTeam): Promise<string> {
    const known = await this.repo.customerOf(team.id);
    if (known) return known.customer_id;
    const created = await this.stripe.customers.create({
      name: team.name,
      metadata: { team: team.id },
    });
    await this.repo.setCustomer(team.id, created.id);
    return created.id;
  }

  async checkoutUrl(team: BillingTeam, plan: PaidPlan, projectId?: string): Promise<string> {
    const price = this.c.prices[plan];
    if (!price) throw new AppError('validation', `No Stripe price configured for ${plan}`);
    const metadata: Record<string, string> = { team: team.id, plan };
    if (projectId) metadata.projectId = projectId;
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: await this.customer(team),
      client_reference_id: team.id,
      line_items: [{ price, quantity: 1 }],
      subscription_data: { metadata },
      success_url: `${this.c.publicUrl}/billing?checkout=success`,
      cancel_url: `${this.c.publicUrl}/billing?checkout=cancelled`,
    });
    if (!session.url) throw new AppError('unavailable', 'Stripe gave no Checkout URL');
    return session.url;
  }

  async portalUrl(team: BillingTeam): Promise<string> {
    const known = await this.repo.customerOf(team.id);
    if (!known) throw new AppError('subNotFound', 'This team has no Stripe customer yet');
    const session = await this.stripe.billingPortal.sessions.create({
      customer: known.customer_id,
      return_url: `${this.c.publicUrl}/billing`,
    });
    return session.url;
  }

  async cancel(externalId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(externalId);
  }

  /** The verified event of a webhook body; a bad signature raises billingSignature. */
  verify(raw: Buffer, signature: string | undefined): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(raw, signature ?? '', this.c.webhookSecret);
    } catch {
      throw new AppError('billingSignature', 'Bad Stripe signature');
    }
  }

  /** The plan of a price id, per the configured prices. */
  planOfPrice(priceId: string | undefined): PaidPlan | undefined {
    return (Object.keys(this.c.prices) as PaidPlan[]).find((p) => this.c.prices[p] === priceId);
  }
}
