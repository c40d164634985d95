import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { ComingSoonDialog } from '../../../ui/coming-soon-dialog';
import type { DetailAccess } from '../model/access';
import { AdvancedConfigDialog } from './advanced-config-dialog';
import { DashboardLinkDialog } from './dashboard-link-dialog';
import { FlowEditorDialog } from './flow-editor-dialog';
import type { OpenDialog } from './open-dialog';
import { PasswordWizardDialog } from './password-wizard-dialog';
import { PoolDialog } from './pool-dialog';
import { ThirdPartyDialog } from './third-party-dialog';
import { TransferConfigDialog } from './transfer-config-dialog';

interface Props {
  dialog: OpenDialog;
  gateway: GatewayItem;
  ip: string | null;
  projectId: string;
  queryId: string;
  access: DetailAccess;
  open: (dialog: OpenDialog | null) => void;
  /** The remote connection, after the password wizard when the passwords are not set. */
  openRemote: () => void;
}

/** Renders the open dialog of the detail screen. */
export function DetailDialogs({
  dialog,
  gateway,
  ip,
  projectId,
  queryId,
  access,
  open,
  openRemote,
}: Props) {
  const { t } = useTranslation();
  const close = () => open(null);
  switch (dialog.kind) {
    case 'advanced':
      return (
        <AdvancedConfigDialog
          mac={gateway.mac}
          onClose={close}
          onOpenConfigPage={openRemote}
          onThirdParty={() => open({ kind: 'thirdParty' })}
        />
      );
    case 'flowEditor':
      return (
        <FlowEditorDialog
          mac={gateway.mac}
          ip={ip}
          readOnly={access.readOnly}
          isAdminOrPartner={access.isAdminOrPartner}
          onClose={close}
          onGenerateLink={openRemote}
        />
      );
    case 'pool':
      return (
        <PoolDialog
          gateway={gateway}
          queryId={queryId}
          legacy={dialog.legacy}
          readOnly={access.readOnly}
          onClose={close}
          onNeedsRemote={openRemote}
        />
      );
    case 'link':
    case 'emergency':
      return (
        <DashboardLinkDialog
          service={dialog.kind === 'link' ? 'klocknx' : 'emergynx'}
          title={
            dialog.kind === 'link'
              ? t('gatewayDetail.actions.link')
              : t('gatewayDetail.actions.emergency')
          }
          projectId={projectId}
          mac={gateway.mac}
          readOnly={access.readOnly}
          onClose={close}
        />
      );
    case 'transfer':
      return <TransferConfigDialog source={gateway} projectId={projectId} onClose={close} />;
    case 'thirdParty':
      return <ThirdPartyDialog onClose={close} />;
    case 'wizard':
      return (
        <PasswordWizardDialog
          gateway={gateway}
          queryId={queryId}
          onClose={close}
          onDone={() => dialog.thenRemote && open({ kind: 'comingSoon', what: 'remote' })}
        />
      );
    case 'comingSoon':
      return (
        <ComingSoonDialog
          title={
            dialog.what === 'remote'
              ? t('gatewayDetail.actions.remoteConnection')
              : dialog.what === 'ets'
                ? t('gatewayDetail.actions.ets')
                : t('gatewayDetail.actions.customProxy')
          }
          subtitle={gateway.name}
          onClose={close}
        />
      );
  }
}
