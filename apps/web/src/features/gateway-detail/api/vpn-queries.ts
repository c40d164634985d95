import { queryOptions } from '@tanstack/react-query';
import {
  customProxyReply,
  etsPortReply,
  vpnLogReply,
  vpnMessageReply,
  vpnProxyReply,
  vpnStatusReply,
  type VpnOpenBody,
} from '@atrium/contracts/vpn';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { DETAIL_LIMITS } from '../model/constants';

const enc = encodeURIComponent;

// Every call names the gateway by its MAC: the server takes a gateway id or a MAC for `{id}`.
// The reads serve dialogs only and are dropped when the dialog closes (gcTime 0): a session
// changes on the server (it expires, another user closes it), so a dialog never opens on an
// old answer.
const DIALOG_READ = { gcTime: 0 } as const;

/** Remote access calls that change or create something (document 3 §7, VPN service). */
export const vpnCalls = {
  open: (mac: string, delay: number) =>
    api.post(`/api/vpn/open/${enc(mac)}`, { delay } satisfies VpnOpenBody, {
      schema: vpnMessageReply,
    }),
  disconnect: (mac: string) =>
    api.get(`/api/vpn/disconnect/${enc(mac)}`, { schema: vpnMessageReply }),
  /** The session's proxy id and the gateway's pages through the cloud (409 noActiveVPN). */
  proxy: (mac: string) => api.get(`/api/vpn/proxy/id/${enc(mac)}`, { schema: vpnProxyReply }),
  /** Asks for an ETS port; the reply's port is 'false' until the tunnel's node opened it. */
  createEts: (mac: string, ipv6: boolean) =>
    api.get(`/api/vpn/proxy/ets/create/${enc(mac)}`, { query: { ipv6 }, schema: etsPortReply }),
  saveCustomProxy: (mac: string, url: string) =>
    api.post(`/api/vpn/custom-proxy/${enc(mac)}`, { url }, { schema: customProxyReply }),
};

/**
 * The gateway's remote access status, read when a dialog needs it. Not refreshed on its own:
 * the remote connection dialog polls it (every 1 s) only while a session opens or closes.
 */
export const vpnStatusQuery = (mac: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.vpnStatus(mac),
    queryFn: ({ signal }) =>
      api.get(`/api/vpn/status/${enc(mac)}`, { schema: vpnStatusReply, signal }),
    ...DIALOG_READ,
  });

/** The ETS port, polled every 1 s while it is still 'false' (spec §4, ETS connect). */
export const etsPortQuery = (mac: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.etsPort(mac),
    queryFn: ({ signal }) =>
      api.get(`/api/vpn/proxy/ets/port/${enc(mac)}`, { schema: etsPortReply, signal }),
    refetchInterval: (query) =>
      query.state.data?.port === 'false' ? DETAIL_LIMITS.vpnPollMs : false,
    ...DIALOG_READ,
  });

/**
 * The custom proxy's URL and subdomain. Its 404 and 409 are answers (no URL saved yet, no
 * session), not failures a retry would mend.
 */
export const customProxyQuery = (mac: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.customProxy(mac),
    queryFn: ({ signal }) =>
      api.get(`/api/vpn/custom-proxy/${enc(mac)}`, { schema: customProxyReply, signal }),
    retry: false,
    ...DIALOG_READ,
  });

/** The gateway's remote access sessions, newest first as the server sends them. */
export const vpnLogQuery = (mac: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.vpnLog(mac),
    queryFn: ({ signal }) =>
      api
        .get(`/api/vpn/log/${enc(mac)}`, { schema: vpnLogReply, signal })
        .then((reply) => reply.items),
    ...DIALOG_READ,
  });
