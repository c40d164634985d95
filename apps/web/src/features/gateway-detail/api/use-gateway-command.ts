import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../ui/snackbar';
import { commandErrorKey } from '../../../lib/api/command-error';

/**
 * A command to the gateway as a mutation: `onSuccess` shows the screen's message (and refreshes
 * what the command changed); a failure shows the gateway's refusal or the reply's code.
 */
export function useGatewayCommand<V, R>(
  command: (variables: V) => Promise<R>,
  onSuccess?: (reply: R, variables: V) => unknown,
) {
  return useMutation({
    mutationFn: command,
    onSuccess,
    onError: (error) => notify.error(commandErrorKey(error)),
  });
}
