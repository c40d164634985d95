import { useEffect, useEffectEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VpnStatusReply } from '@atrium/contracts/vpn';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { notify } from '../../../ui/snackbar';
import { vpnCalls, vpnStatusQuery } from '../api/vpn-queries';
import { DETAIL_LIMITS } from '../model/constants';
import { vpnOnline } from '../model/vpn-session';

/** What the dialog shows (spec §4, Remote connection). */
export type RemoteView = 'loading' | 'idle' | 'opening' | 'online' | 'closing';

/** A session the user asked for (opening) or asked to end (closing), until the status says so. */
type Pending = 'opening' | 'closing' | null;

function viewOf(status: VpnStatusReply | undefined, pending: Pending): RemoteView {
  if (!status) return 'loading';
  if (pending) return pending;
  if (vpnOnline(status)) return 'online';
  // A session exists but its tunnel is not up yet (opened elsewhere, or the gateway is slow).
  return status.open ? 'opening' : 'idle';
}

/**
 * The remote connection's state machine: opening polls the status every 1 s until the
 * gateway is online, then `onConnected` (the dialog closes); disconnecting polls until the
 * session is gone. A failed call shows its message and leaves the state offline (spec §8).
 */
export function useRemoteConnection(mac: string, queryId: string, onConnected: () => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const status = useQuery({
    ...vpnStatusQuery(mac),
    // Read once, then every 1 s while a session opens or closes.
    refetchInterval: (query) =>
      ['opening', 'closing'].includes(viewOf(query.state.data, pending))
        ? DETAIL_LIMITS.vpnPollMs
        : false,
  });
  const view = viewOf(status.data, pending);
  // The info table's last VPN connection changes with the session.
  const refreshDetails = () =>
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.gatewayDetails(queryId) });

  const opening = useMutation({
    mutationFn: (delay: number) => vpnCalls.open(mac, delay),
    onMutate: () => setPending('opening'),
    onError: (error) => {
      setPending(null);
      notify.apiError(error);
    },
  });
  const closing = useMutation({
    mutationFn: () => vpnCalls.disconnect(mac),
    onMutate: () => setPending('closing'),
    onError: (error) => {
      setPending(null);
      notify.apiError(error);
    },
  });

  const reached = useEffectEvent((data: VpnStatusReply) => {
    if (pending === 'opening' && opening.isSuccess && vpnOnline(data)) {
      setPending(null);
      notify.success('gatewayDetail.remote.connected', { duration: 3000 });
      void refreshDetails();
      onConnected();
    } else if (pending === 'closing' && closing.isSuccess && !vpnOnline(data) && !data.open) {
      setPending(null);
      notify.success('gatewayDetail.remote.disconnected', { duration: 3000 });
      void refreshDetails();
    }
  });
  // Each answer of the poll may end the wait.
  useEffect(() => {
    if (status.data) reached(status.data);
  }, [status.data, status.dataUpdatedAt]);

  return {
    status,
    view,
    busy: opening.isPending || closing.isPending,
    open: (delay: number) => opening.mutate(delay),
    disconnect: () => closing.mutate(),
  };
}
