// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionItem } from '@atrium/contracts/subscriptions';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { formatDateTime } from '../../../lib/dates';
import { BillingPage } from './billing-page';

const UNTIL = Date.UTC(2027, 0, 31, 12, 0, 0);
const SUB: SubscriptionItem = {
  _id: 's1',
  nickname: 'Pro annuel',
  status: 'past_due',
  plan: { name: 'pro', _id: 'pro' },
  project: { _id: 'p1', name: 'Villa Rose' },
  provider: 'manual',
  until: UNTIL,
  team: { _id: 't1', name: 'Team' },
  createdAt: 0,
};

describe('BillingPage (manual billing portal)', () => {
  it("lists the team's subscriptions with their project, status and end", async () => {
    stubFetch({ 'GET /api/subscriptions': { body: { subscriptions: [SUB] } } });
    renderWithProviders(<BillingPage />, { route: '/billing' });
    const table = await screen.findByRole('table', { name: "Abonnements de l'équipe" });
    expect(table.textContent).toContain('Pro annuel');
    expect(table.textContent).toContain('Villa Rose');
    expect(table.textContent).toContain(formatDateTime(UNTIL));
    const chip = screen.getByText('Paiement en retard').closest('.MuiChip-root');
    expect(chip?.classList.contains('MuiChip-colorWarning')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Facturation', level: 1 })).toBeTruthy();
  });
});
