// @vitest-environment happy-dom
import i18next from 'i18next';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINKS } from '../../config/env';
import { stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { BossButton, ChartsMenu } from './dashboard-buttons';

afterEach(() => i18next.changeLanguage('fr'));

// The build sets no dashboard address (VITE_*_URL): the state of every install until the
// dashboards are deployed (issue 16 point 13).
describe('dashboards without an address say they are not available yet', () => {
  it('has no *.atrium-cloud.example default left', () => {
    expect([LINKS.bossnx, LINKS.chartnx, LINKS.klocknx, LINKS.emergynx]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('the BossNX button is disabled, with the reason in a tooltip (fr and en)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithProviders(<BossButton projectId="p1" />, { route: '/' });
    const button = screen.getByRole('button', { name: /Tableau de bord BossNX/ });
    expect(button).toHaveProperty('disabled', true);
    await user.hover(button.parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Tableau de bord pas encore disponible',
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('in English', async () => {
    await i18next.changeLanguage('en');
    const { user } = renderWithProviders(<BossButton projectId="p1" />, { route: '/' });
    await user.hover(screen.getByRole('button').parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Dashboard not available yet');
  });

  it("the charts menu's open entry is disabled and says why; nothing is asked of the server", async () => {
    const server = stubFetch();
    const { user } = renderWithProviders(<ChartsMenu projectId="p1" canEdit />, { route: '/' });
    await user.click(screen.getByRole('button', { name: /Tableaux ChartNX/ }));
    const entry = await screen.findByRole('menuitem', { name: /Ouvrir les tableaux de bord/ });
    expect(entry.getAttribute('aria-disabled')).toBe('true');
    expect(within(entry).getByText('Tableau de bord pas encore disponible')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });
});
