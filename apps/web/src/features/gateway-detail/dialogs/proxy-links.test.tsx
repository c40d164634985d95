// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VpnProxyReply } from '@atrium/contracts/vpn';
import { errorReply, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { FlowEditorLinks } from './flow-editor-links';
import { LegacyPoolLinks } from './legacy-pool-links';

const MAC = 'aabbccddeeff';
const PROXY = `/api/vpn/proxy/id/${MAC}`;
const proxy: VpnProxyReply = {
  id: '4f2a',
  urls: {
    config: 'https://cfg-4f2a.vpn.atrium.example/',
    editor: 'https://red-4f2a.vpn.atrium.example/',
    dashboard: 'https://red-4f2a.vpn.atrium.example/ui',
    localUi: 'https://ui-4f2a.vpn.atrium.example/',
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

function renderFlowLinks() {
  const onNeedsRemote = vi.fn();
  const view = renderWithProviders(
    <FlowEditorLinks
      mac={MAC}
      ip="192.168.1.20"
      showModules={false}
      readOnly={false}
      onNeedsRemote={onNeedsRemote}
    />,
    { route: '/' },
  );
  return { ...view, onNeedsRemote };
}

describe('FlowEditorLinks (spec §2 flow-editor dialog: generate link)', () => {
  it('the generated proxy id turns dashboard and editor into links opening new tabs', async () => {
    const server = stubFetch({ [`GET ${PROXY}`]: { body: proxy } });
    const { user } = renderFlowLinks();
    expect(screen.getByRole('button', { name: 'Tableau de bord' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Générer un lien' }));
    const dashboard = await screen.findByRole('link', { name: 'Tableau de bord' });
    expect(dashboard.getAttribute('href')).toBe(proxy.urls.dashboard);
    expect(dashboard.getAttribute('target')).toBe('_blank');
    const editor = screen.getByRole('link', { name: 'Programmation' });
    expect(editor.getAttribute('href')).toBe(proxy.urls.editor);
    expect(server.sent('GET', PROXY)).toHaveLength(1);
  });

  it('without a live session, says so and opens the remote connection dialog', async () => {
    stubFetch({ [`GET ${PROXY}`]: errorReply(409, 'noActiveVPN') });
    const { user, onNeedsRemote } = renderFlowLinks();
    await user.click(screen.getByRole('button', { name: 'Générer un lien' }));
    expect((await findSnackbar("Ouvrez d'abord une connexion à distance.")).variant).toBe(
      'warning',
    );
    expect(onNeedsRemote).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Tableau de bord' })).toBeNull();
  });

  it('other failures show their message and open no dialog', async () => {
    stubFetch({ [`GET ${PROXY}`]: errorReply(409, 'gatewayOffline') });
    const { user, onNeedsRemote } = renderFlowLinks();
    await user.click(screen.getByRole('button', { name: 'Générer un lien' }));
    expect((await findSnackbar('La passerelle est hors ligne.')).variant).toBe('error');
    expect(onNeedsRemote).not.toHaveBeenCalled();
  });
});

describe('LegacyPoolLinks (spec §2 legacy pool dialog)', () => {
  it('generate link shows the app address; go to app then links to it', async () => {
    stubFetch({ [`GET ${PROXY}`]: { body: proxy } });
    const { user } = renderWithProviders(
      <LegacyPoolLinks mac={MAC} readOnly={false} onNeedsRemote={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Générer un lien' }));
    expect(await screen.findByText(proxy.urls.config)).toBeTruthy();
    const app = screen.getByRole('link', { name: "Aller à l'application" });
    expect(app.getAttribute('href')).toBe(proxy.urls.config);
  });

  it('go to app at once opens a tab and sends it to the app', async () => {
    stubFetch({ [`GET ${PROXY}`]: { body: proxy } });
    const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const { user } = renderWithProviders(
      <LegacyPoolLinks mac={MAC} readOnly={false} onNeedsRemote={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: "Aller à l'application" }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(proxy.urls.config));
  });

  it('read-only users get the hint only', () => {
    stubFetch();
    renderWithProviders(<LegacyPoolLinks mac={MAC} readOnly onNeedsRemote={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Générer un lien' })).toBeNull();
    expect(screen.getByText(/antérieur à la version 7.0/)).toBeTruthy();
  });
});
