import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../ui/snackbar';
import { vpnCalls, vpnStatusQuery } from './api/vpn-queries';
import { openWhenReady } from './dialogs/open-in-new-tab';
import { DETAIL_LIMITS } from './model/constants';
import { vpnOnline } from './model/vpn-session';

/** No session is online: the page cannot be reached yet. */
class NoSession extends Error {}

/** A click opens the tab at once (pop-up blockers); the retry has no click to lean on. */
type Attempt = 'click' | 'retry';

/**
 * "Open the configuration page" of the advanced configuration (spec §2): checks that the
 * remote connection is online, then opens the page through its proxy in a new tab. Offline,
 * the remote connection dialog opens; once it closes, `retryAfterRemote` shows 'redirecting'
 * for 6 s and tries once more after 5 s.
 */
export function useConfigPage(mac: string, openRemote: () => void) {
  const queryClient = useQueryClient();
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const pageUrl = async () => {
    const status = await queryClient.fetchQuery({ ...vpnStatusQuery(mac), staleTime: 0 });
    if (!vpnOnline(status)) throw new NoSession();
    return (await vpnCalls.proxy(mac)).urls.config;
  };
  const checking = useMutation({
    // The attempt is read by onError only.
    mutationFn: (_attempt: Attempt) => pageUrl(),
    onError: (error, attempt) => {
      if (!(error instanceof NoSession)) return notify.apiError(error);
      // After the dialog, a second dialog would loop: say why instead.
      if (attempt === 'retry') return notify.warning('noActiveVPNConnection');
      openRemote();
    },
  });

  return {
    pending: checking.isPending,
    // The tab opens within the click; a failure closes it and is shown by the mutation.
    open: () => void openWhenReady(() => checking.mutateAsync('click')).catch(() => undefined),
    retryAfterRemote: () => {
      notify.info('gatewayDetail.advanced.redirecting', {
        duration: DETAIL_LIMITS.redirectMessageMs,
      });
      clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => {
        checking
          .mutateAsync('retry')
          .then((url) => window.open(url, '_blank', 'noopener,noreferrer'))
          .catch(() => undefined);
      }, DETAIL_LIMITS.redirectRetryMs);
    },
  };
}

export type ConfigPage = ReturnType<typeof useConfigPage>;
