// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VpnProxyReply, VpnStatusReply } from '@atrium/contracts/vpn';
import { stubFetch } from '../../testing/fetch-stub';
import { renderHookWithProviders } from '../../testing/render';
import { findSnackbar, snackbarTexts } from '../../testing/snackbars';
import { useConfigPage } from './use-config-page';

const MAC = 'aabbccddeeff';
const STATUS = `/api/vpn/status/${MAC}`;
const PROXY = `/api/vpn/proxy/id/${MAC}`;
const CONFIG_URL = 'https://cfg-4f2a.vpn.atrium.example/';
const REDIRECTING = 'Redirection vers la page de configuration…';

const status = (online: boolean): VpnStatusReply => ({
  online: online ? 'true' : 'false',
  until: online ? '-1' : '0',
  ip: 'Not found',
  open: online,
  lan: null,
  delays: [7_200_000],
});
const proxy: VpnProxyReply = {
  id: '4f2a',
  urls: {
    config: CONFIG_URL,
    editor: 'https://red-4f2a.vpn.atrium.example/',
    dashboard: 'https://red-4f2a.vpn.atrium.example/ui',
    localUi: 'https://ui-4f2a.vpn.atrium.example/',
  },
};

/** The server, whose status is online or not; window.open records the tabs it opens. */
function setUp(online: boolean) {
  const server = stubFetch({
    [`GET ${STATUS}`]: { body: status(online) },
    [`GET ${PROXY}`]: { body: proxy },
  });
  const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  const openRemote = vi.fn();
  const view = renderHookWithProviders(() => useConfigPage(MAC, openRemote));
  const setOnline = (now: boolean) => server.on('GET', STATUS, { body: status(now) });
  return { ...view, server, tab, open, openRemote, setOnline };
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useConfigPage (spec §2 advanced configuration, §9 redirect 6 s / retry 5 s)', () => {
  it('online: opens the configuration page through the proxy in a new tab', async () => {
    const { result, open, tab, openRemote } = setUp(true);
    act(() => result.current.open());
    // The tab opens within the click, then goes to the page.
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(CONFIG_URL));
    expect(tab.opener).toBeNull();
    expect(openRemote).not.toHaveBeenCalled();
  });

  it('offline: closes the tab and opens the remote connection dialog instead', async () => {
    const { result, tab, openRemote, server } = setUp(false);
    act(() => result.current.open());
    await waitFor(() => expect(openRemote).toHaveBeenCalledTimes(1));
    expect(tab.close).toHaveBeenCalled();
    expect(server.sent('GET', PROXY)).toEqual([]);
  });

  it("after the remote dialog: 'redirecting' for 6 s, and the page opens on the retry at 5 s", async () => {
    const { result, open, server, setOnline } = setUp(false);
    setOnline(true);
    act(() => result.current.retryAfterRemote());
    expect((await findSnackbar(REDIRECTING)).variant).toBe('info');

    await tick(4900);
    expect(server.sent('GET', STATUS)).toEqual([]);
    await tick(200);
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(CONFIG_URL, '_blank', 'noopener,noreferrer'),
    );
    expect(server.sent('GET', PROXY)).toHaveLength(1);

    await tick(400);
    expect(snackbarTexts().some((text) => text.includes(REDIRECTING))).toBe(true);
    await tick(2000);
    await waitFor(() =>
      expect(snackbarTexts().some((text) => text.includes(REDIRECTING))).toBe(false),
    );
  });

  it('a retry that still finds no session says so rather than reopening the dialog', async () => {
    const { result, open, openRemote } = setUp(false);
    act(() => result.current.retryAfterRemote());
    await tick(5000);
    expect((await findSnackbar('Aucune connexion à distance active.')).variant).toBe('warning');
    expect(openRemote).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});
