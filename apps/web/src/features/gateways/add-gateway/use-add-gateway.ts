import { useQueryClient } from '@tanstack/react-query';
import type { WaitingReply } from '@atrium/contracts/gateway';
import { apiErrorCode } from '../../../lib/api/error-key';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { notify } from '../../../ui/snackbar';
import { gatewaysApi } from '../gateways-api';
import type { AddPlan } from './add-gateway-plan';

/** The add-gateway messages of spec §8: not waiting, already added, else the reply's code. */
export function notifyAddError(error: unknown): void {
  if (apiErrorCode(error) === 'gwNotWaiting') notify.warning('gwNotWaiting');
  else notify.apiError(error);
}

export interface FinishInput {
  plan: AddPlan;
  mac: string;
  sn: string;
  name: string;
  initNow: boolean;
}

/** The calls of the add-gateway stepper for one project. */
export function useAddGateway(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.gateways }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.projects }),
    ]);

  /** The waiting lookup; null (after a snackbar) when the gateway cannot be added. */
  async function lookup(mac: string, sn: string): Promise<WaitingReply | null> {
    try {
      return await gatewaysApi.waiting(mac, sn);
    } catch (error) {
      notifyAddError(error);
      return null;
    }
  }

  async function addDemo(): Promise<boolean> {
    try {
      await gatewaysApi.createVirtual(projectId);
      notify.success('gatewayAddedToAccount', { duration: 3000 });
      await refresh();
      return true;
    } catch (error) {
      notify.apiError(error);
      return false;
    }
  }

  /** Moving unlinks the old project first (spec §4), when the caller owns it. */
  async function move(mac: string, from: { id: string } | null): Promise<void> {
    if (from) {
      const old = await gatewaysApi.project(from.id).catch(() => null);
      if (old?.role === 'owner') await gatewaysApi.unlink(from.id, [mac]);
    }
    await gatewaysApi.link(projectId, [mac]);
  }

  /** The last step: create or move, then initialise when asked. False when nothing was done. */
  async function finish({ plan, mac, sn, name, initNow }: FinishInput): Promise<boolean> {
    try {
      if (plan.kind === 'claim') await gatewaysApi.create({ name, mac, sn, id: projectId });
      if (plan.kind === 'move') await move(mac, plan.from);
      if (plan.kind !== 'inProject') notify.success('gatewayAddedToAccount', { duration: 3000 });
    } catch (error) {
      notifyAddError(error);
      await refresh();
      return false;
    }
    if (initNow) {
      try {
        await gatewaysApi.init(mac);
        notify.success('initMessage', { duration: 3000 });
      } catch {
        notify.error('initError');
      }
    }
    await refresh();
    return true;
  }

  return { lookup, addDemo, finish };
}
