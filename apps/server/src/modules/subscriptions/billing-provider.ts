import type { BillingProvider } from '@atrium/contracts/subscriptions';
import type { PaidPlan } from '@atrium/contracts/plans';

/** A team as a billing provider knows it. */
export interface BillingTeam {
  id: string;
  name: string;
}

/**
 * Who bills subscriptions (decision 0026): manual billing by default (an administrator
 * grants, extends and cancels), Stripe when its keys are configured.
 */
export interface BillingProviderPort {
  readonly name: BillingProvider;
  /** Where the team buys `plan` (a Checkout session, or the team's billing page). */
  checkoutUrl(team: BillingTeam, plan: PaidPlan, projectId?: string): Promise<string>;
  /** The team's billing portal. */
  portalUrl(team: BillingTeam): Promise<string>;
  /** Cancels a subscription this provider bills (its id at the provider). */
  cancel(externalId: string): Promise<void>;
}

/** Atrium's own billing page for the team (the console's /billing). */
export const BILLING_PAGE = '/billing';

/** No payment provider: a B2B seller invoices by hand, an administrator records the grant. */
export class ManualBilling implements BillingProviderPort {
  readonly name = 'manual' as const;

  checkoutUrl(_team: BillingTeam, plan: PaidPlan): Promise<string> {
    return Promise.resolve(`${BILLING_PAGE}?plan=${plan}`);
  }

  portalUrl(): Promise<string> {
    return Promise.resolve(BILLING_PAGE);
  }

  cancel(): Promise<void> {
    return Promise.resolve();
  }
}
