import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitingReply } from '@atrium/contracts/gateway';
import { apiErrorCode } from '../../../lib/api/error-key';
import { invalidate } from '../../../lib/api/invalidate';
import { projectQuery } from '../../../lib/api/project-query';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { notify } from '../../../ui/snackbar';
import { gatewaysApi } from '../api/gateways-api';
import type { AddPlan } from './add-gateway-plan';

/** The add-gateway messages of spec §8: not waiting (a warning), else the reply's code. */
function notifyAddError(error: unknown): void {
  if (apiErrorCode(error) === 'gwNotWaiting') notify.warning('gwNotWaiting');
  else notify.apiError(error);
}

interface FinishInput {
  plan: AddPlan;
  mac: string;
  sn: string;
  name: string;
  initNow: boolean;
}

/** Each mutation shows its own failure: here a failure only means false. */
const succeeded = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

/** The calls of the add-gateway stepper for one project. */
export function useAddGateway(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = () => invalidate(queryClient, QUERY_KEYS.gateways, QUERY_KEYS.projects);

  /** Moving unlinks the old project first (spec §4), when the caller owns it. */
  async function move(mac: string, from: { id: string } | null): Promise<void> {
    if (from) {
      const old = await queryClient.fetchQuery(projectQuery(from.id)).catch(() => null);
      if (old?.role === 'owner') await gatewaysApi.unlink(from.id, [mac]);
    }
    await gatewaysApi.link(projectId, [mac]);
  }

  const demo = useMutation({
    mutationFn: () => gatewaysApi.createVirtual(projectId),
    onSuccess: () => {
      notify.success('gatewayAddedToAccount', { duration: 3000 });
      return refresh();
    },
    onError: (error) => notify.apiError(error),
  });
  const place = useMutation({
    mutationFn: async ({ plan, mac, sn, name }: Omit<FinishInput, 'initNow'>) => {
      if (plan.kind === 'claim') await gatewaysApi.create({ name, mac, sn, id: projectId });
      if (plan.kind === 'move') await move(mac, plan.from);
    },
    onSuccess: (_, { plan }) => {
      if (plan.kind !== 'inProject') notify.success('gatewayAddedToAccount', { duration: 3000 });
    },
    onError: (error) => {
      notifyAddError(error);
      return refresh();
    },
  });
  const init = useMutation({
    mutationFn: gatewaysApi.init,
    onSuccess: () => notify.success('initMessage', { duration: 3000 }),
    onError: () => notify.error('initError'),
  });

  /** The waiting lookup (a read, not a change); null (after a snackbar) when it cannot be added. */
  async function lookup(mac: string, sn: string): Promise<WaitingReply | null> {
    try {
      return await gatewaysApi.waiting(mac, sn);
    } catch (error) {
      notifyAddError(error);
      return null;
    }
  }

  return {
    lookup,
    addDemo: () => succeeded(demo.mutateAsync()),
    /** The last step: create or move, then initialise when asked. False when nothing was done. */
    finish: async ({ initNow, ...placed }: FinishInput): Promise<boolean> => {
      if (!(await succeeded(place.mutateAsync(placed)))) return false;
      if (initNow) await succeeded(init.mutateAsync(placed.mac));
      await refresh();
      return true;
    },
  };
}
