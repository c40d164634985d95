// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { DashboardLinkDialog } from './dashboard-link-dialog';

// No VITE_KLOCKNX_URL / VITE_EMERGYNX_URL in this build: no dashboard address yet.
describe('KlockNX / EmergyNX link dialogs without a dashboard address (issue 16 point 13)', () => {
  it.each(['klocknx', 'emergynx'] as const)(
    '%s: says the dashboard is not available yet, Open disabled, no token asked',
    async (service) => {
      const server = stubFetch();
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      renderWithProviders(
        <DashboardLinkDialog
          service={service}
          title="Tableau"
          projectId="p1"
          mac="aabbccddeeff"
          readOnly={false}
          onClose={vi.fn()}
        />,
      );
      const dialog = within(await screen.findByRole('dialog', { name: 'Tableau' }));
      expect(dialog.getByRole('alert').textContent).toBe('Tableau de bord pas encore disponible');
      expect(dialog.getByRole('button', { name: 'Ouvrir le tableau de bord' })).toHaveProperty(
        'disabled',
        true,
      );
      expect(dialog.queryByText('Lien permanent')).toBeNull();
      expect(server.requests).toEqual([]);
      expect(open).not.toHaveBeenCalled();
    },
  );
});
