// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOGGER } from '@atrium/contracts/project';
import type { SubscriptionItem } from '@atrium/contracts/subscriptions';
import { projectItem } from '../../../testing/factories';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { formatDateTime } from '../../../lib/dates';
import { SubscriptionsDialog } from './subscriptions-dialog';

const sub = (
  id: string,
  status: SubscriptionItem['status'],
  extra: Partial<SubscriptionItem> = {},
) =>
  ({
    _id: id,
    nickname: `Abo ${id}`,
    status,
    plan: { name: 'pro', _id: 'pro' },
    project: null,
    provider: 'manual',
    until: null,
    team: { _id: 't1', name: 'Team' },
    createdAt: 0,
    ...extra,
  }) satisfies SubscriptionItem;

const FREE = projectItem({ _id: 'p1', name: 'Maison' });
const TRIAL_ENDS = Date.UTC(2026, 11, 24, 10, 0, 0);

function stub(list: SubscriptionItem[], hasFreeTrial = true) {
  return stubFetch({
    'GET /api/subscriptions': { body: { subscriptions: list } },
    'GET /api/subscriptions/hasFreeTrial': { body: { hasFreeTrial } },
    'GET /api/project': { body: { projects: [FREE] } },
    'GET /api/subscriptions/portal': { body: { url: '/billing' } },
    'GET /api/subscriptions/startTrial/p1': {
      body: { projectId: 'p1', subscription: 'trial', trialEnds: TRIAL_ENDS },
    },
    'GET /api/subscriptions/unsubscribe/a': {
      body: { subscription: sub('a', 'cancelled') },
    },
    'POST /api/subscriptions/p1': { body: { subscription: sub('a', 'active') } },
  });
}

afterEach(() => vi.restoreAllMocks());

describe('SubscriptionsDialog', () => {
  it('shows each status with the spec colour and a text label', async () => {
    stub([sub('a', 'active'), sub('b', 'cancelled'), sub('c', 'past_due'), sub('d', 'other')]);
    renderWithProviders(<SubscriptionsDialog onClose={() => {}} />);
    const chip = async (label: string) => (await screen.findByText(label)).closest('.MuiChip-root');
    expect((await chip('Actif'))?.classList.contains('MuiChip-colorSuccess')).toBe(true);
    expect((await chip('Résilié'))?.classList.contains('MuiChip-colorError')).toBe(true);
    expect((await chip('Paiement en retard'))?.classList.contains('MuiChip-colorWarning')).toBe(
      true,
    );
    expect((await chip('Inconnu'))?.classList.contains('MuiChip-colorError')).toBe(true);
  });

  it('lists the plans with what each grants', async () => {
    stub([]);
    renderWithProviders(<SubscriptionsDialog onClose={() => {}} />);
    expect(
      await screen.findAllByText(
        /^2\s000 adresses suivies · 100 seuils · 12 mois d'historique · 48 h de VPN/,
      ),
    ).toHaveLength(2);
    expect(screen.getByText(/^50 adresses suivies · 10 seuils · 1 mois/)).toBeTruthy();
    expect(await screen.findByText('Aucun abonnement pour le moment.')).toBeTruthy();
  });

  it('opens the billing portal in a new tab without a way back (noopener)', async () => {
    stub([]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithProviders(<SubscriptionsDialog onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Portail de facturation' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/billing', '_blank', 'noopener,noreferrer'),
    );
  });

  it('starts the free trial after confirmation and shows its end', async () => {
    const server = stub([]);
    const { user } = renderWithProviders(<SubscriptionsDialog onClose={() => {}} />);
    await user.click(await screen.findByRole('combobox', { name: 'Projet' }));
    await user.click(await screen.findByRole('option', { name: 'Maison' }));
    await user.click(screen.getByRole('button', { name: "Démarrer l'essai gratuit" }));
    const confirm = await screen.findByRole('dialog', { name: "Démarrer l'essai gratuit" });
    await user.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    await findSnackbar(`Essai démarré jusqu'au ${formatDateTime(TRIAL_ENDS)}`);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toContain(
      'GET /api/subscriptions/startTrial/p1',
    );
  });

  it('shows a running trial with its end and no start button once the team used it', async () => {
    stubFetch({
      'GET /api/subscriptions': { body: { subscriptions: [] } },
      'GET /api/subscriptions/hasFreeTrial': { body: { hasFreeTrial: false } },
      'GET /api/project': {
        body: {
          projects: [
            projectItem({
              _id: 'p2',
              name: 'Bureaux',
              logger: { ...DEFAULT_LOGGER, subscription: 'trial', endlogdate: TRIAL_ENDS },
            }),
          ],
        },
      },
    });
    renderWithProviders(<SubscriptionsDialog onClose={() => {}} />);
    expect(
      await screen.findByText(`Bureaux : essai jusqu'au ${formatDateTime(TRIAL_ENDS)}`),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Démarrer l'essai gratuit" })).toBeNull();
  });

  it('unsubscribes only after confirmation', async () => {
    const server = stub([sub('a', 'active')]);
    const { user } = renderWithProviders(<SubscriptionsDialog onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Résilier' }));
    const confirm = await screen.findByRole('dialog', { name: 'Résilier' });
    expect(server.requests.some((r) => r.path.startsWith('/api/subscriptions/unsubscribe'))).toBe(
      false,
    );
    await user.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    await findSnackbar('Abonnement résilié');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toContain(
      'GET /api/subscriptions/unsubscribe/a',
    );
  });

  it('links a subscription to a project', async () => {
    const server = stub([sub('a', 'active')]);
    const { user } = renderWithProviders(<SubscriptionsDialog onClose={() => {}} />);
    await user.click(await screen.findByRole('combobox', { name: "Projet de l'abonnement Abo a" }));
    await user.click(await screen.findByRole('option', { name: 'Maison' }));
    await findSnackbar('Abonnement lié au projet');
    expect(server.requests.find((r) => r.path === '/api/subscriptions/p1')?.body).toEqual({
      subId: 'a',
      projectId: 'p1',
    });
  });
});
