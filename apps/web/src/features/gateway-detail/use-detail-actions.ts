import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { updateAllowed, type VersionStatus } from '@atrium/contracts/version';
import { useConfirm } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import { gatewayCommands } from './api/gateway-commands';
import { useGatewayCommand } from './api/use-gateway-command';
import type { AfterRemote, OpenDialog } from './dialogs/open-dialog';
import type { useFirmwareUpdate } from './firmware/use-firmware-update';
import type { DetailAccess } from './model/access';
import type { DetailButton } from './model/buttons';
import { poolRoute } from './model/pool-route';
import { useConfigPage } from './use-config-page';

interface Options {
  gateway: GatewayItem;
  status: VersionStatus | undefined;
  access: DetailAccess;
  firmware: ReturnType<typeof useFirmwareUpdate>;
  open: (dialog: OpenDialog) => void;
}

/**
 * What the detail screen's buttons do: reboot, which dialog each one opens, and the
 * configuration page (through the remote connection).
 */
export function useDetailActions({ gateway: gw, status, access, firmware, open }: Options) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const rebooting = useGatewayCommand(gatewayCommands.reboot, () =>
    notify.success('rebootSuccess', { duration: 3000 }),
  );

  /**
   * The remote connection starts after the password wizard when no password is set (spec §4);
   * read-only users never get the wizard (setting passwords is an editor's action). `after`
   * says what follows once the remote connection dialog closes.
   */
  const openRemote = (after: AfterRemote = null) =>
    open(
      gw.initpswds || access.readOnly
        ? { kind: 'remote', autoStart: false, after }
        : { kind: 'wizard', thenRemote: true, after },
    );
  const configPage = useConfigPage(gw.mac, () => openRemote('configPage'));

  /** Pool dialog routing by version (spec §4); declining the offered update opens it anyway. */
  const openPool = async () => {
    const route = poolRoute(gw.version, status);
    if (route === 'legacy') return open({ kind: 'pool', legacy: true });
    const canOffer =
      !access.readOnly && updateAllowed({ virtual: gw.virtual, status, isAdmin: access.isAdmin });
    if (route === 'offerUpdate' && canOffer && (await firmware.offer())) return;
    open({ kind: 'pool', legacy: false });
  };

  const onButton = (id: DetailButton) => {
    switch (id) {
      case 'remote':
        return openRemote();
      case 'pool':
        return void openPool();
      case 'ets':
      case 'customProxy':
      case 'advanced':
      case 'flowEditor':
      case 'link':
      case 'emergency':
      case 'transfer':
        return open({ kind: id });
    }
  };

  const reboot = async () => {
    await confirm({
      title: t('gatewayDetail.info.reboot'),
      message: t('confirmReboot'),
      // Failures are shown by the mutation: confirm() still resolves true.
      onConfirm: () => rebooting.mutateAsync(gw.mac).catch(() => null),
    });
  };

  return { onButton, openRemote, configPage, reboot };
}
