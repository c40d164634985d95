import { useMutation } from '@tanstack/react-query';
import { apiErrorCode } from '../../../lib/api/error-key';
import { notify } from '../../../ui/snackbar';
import { vpnCalls } from '../api/vpn-queries';

/**
 * "Generate link" (spec §2): the session's proxy id and the addresses of the gateway's pages
 * through the cloud. Without a live session (409 noActiveVPN) the remote connection dialog
 * opens instead; other failures show their message.
 */
export function useProxyLinks(mac: string, onNeedsRemote: () => void) {
  return useMutation({
    mutationFn: () => vpnCalls.proxy(mac),
    onError: (error) => {
      if (apiErrorCode(error) !== 'noActiveVPN') return notify.apiError(error);
      notify.warning('warningRemoteConnexion');
      onNeedsRemote();
    },
  });
}
