// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VpnStatusReply } from '@atrium/contracts/vpn';
import { gatewayItem } from '../../../testing/factories';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { DetailDialogs } from './detail-dialogs';
import type { OpenDialog } from './open-dialog';

const gateway = gatewayItem();
const offline: VpnStatusReply = {
  online: 'false',
  until: '0',
  ip: 'Not found',
  open: false,
  lan: null,
  delays: [7_200_000],
};

function renderDialogs(dialog: OpenDialog) {
  stubFetch({ [`GET /api/vpn/status/${gateway.mac}`]: { body: offline } });
  const open = vi.fn();
  const openRemote = vi.fn();
  const configPage = { pending: false, open: vi.fn(), retryAfterRemote: vi.fn() };
  const view = renderWithProviders(
    <DetailDialogs
      dialog={dialog}
      gateway={gateway}
      ip={null}
      projectId="p1"
      queryId="g1"
      access={{ isAdmin: false, isAdminOrPartner: false, readOnly: false }}
      open={open}
      openRemote={openRemote}
      configPage={configPage}
    />,
  );
  return { ...view, open, openRemote, configPage };
}

describe('DetailDialogs: the remote access wiring', () => {
  it('closing the remote dialog opened for the configuration page retries the page', async () => {
    const { user, open, configPage } = renderDialogs({
      kind: 'remote',
      autoStart: false,
      after: 'configPage',
    });
    const dialog = within(screen.getByRole('dialog', { name: 'Connexion à distance' }));
    await dialog.findByRole('button', { name: 'Se connecter' });
    await user.click(dialog.getByRole('button', { name: 'Fermer' }));
    expect(open).toHaveBeenCalledWith(null);
    expect(configPage.retryAfterRemote).toHaveBeenCalledTimes(1);
  });

  it('closing it otherwise retries nothing', async () => {
    const { user, configPage } = renderDialogs({ kind: 'remote', autoStart: false, after: null });
    await user.click(await screen.findByRole('button', { name: 'Fermer' }));
    expect(configPage.retryAfterRemote).not.toHaveBeenCalled();
  });

  it("the ETS dialog's offer opens the remote connection with nothing after it", async () => {
    const { user, openRemote } = renderDialogs({ kind: 'ets' });
    await user.click(await screen.findByRole('button', { name: 'Ouvrir la connexion à distance' }));
    expect(openRemote).toHaveBeenCalledWith(null);
  });
});
