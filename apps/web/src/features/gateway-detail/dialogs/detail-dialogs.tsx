import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import type { DetailAccess } from '../model/access';
import type { ConfigPage } from '../use-config-page';
import { AdvancedConfigDialog } from './advanced-config-dialog';
import { CustomProxyDialog } from './custom-proxy-dialog';
import { DashboardLinkDialog } from './dashboard-link-dialog';
import { EtsDialog } from './ets-dialog';
import { FlowEditorDialog } from './flow-editor-dialog';
import type { AfterRemote, OpenDialog } from './open-dialog';
import { PasswordWizardDialog } from './password-wizard-dialog';
import { PoolDialog } from './pool-dialog';
import { RemoteConnectionDialog } from './remote-connection-dialog';
import { ThirdPartyDialog } from './third-party-dialog';
import { TransferConfigDialog } from './transfer-config-dialog';
import { VpnLogDialog } from './vpn-log-dialog';

interface Props {
  dialog: OpenDialog;
  gateway: GatewayItem;
  ip: string | null;
  projectId: string;
  queryId: string;
  access: DetailAccess;
  open: (dialog: OpenDialog | null) => void;
  /** The remote connection, after the password wizard when the passwords are not set. */
  openRemote: (after?: AfterRemote) => void;
  /** The advanced configuration's page, opened through the remote connection. */
  configPage: ConfigPage;
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
  configPage,
}: Props) {
  const { t } = useTranslation();
  const close = () => open(null);
  // Called from buttons too: no click event may reach openRemote's `after`.
  const needsRemote = () => openRemote(null);
  switch (dialog.kind) {
    case 'advanced':
      return (
        <AdvancedConfigDialog
          mac={gateway.mac}
          onClose={close}
          onOpenConfigPage={configPage.open}
          openingConfigPage={configPage.pending}
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
          onNeedsRemote={needsRemote}
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
          onNeedsRemote={needsRemote}
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
          onDone={() =>
            dialog.thenRemote && open({ kind: 'remote', autoStart: true, after: dialog.after })
          }
        />
      );
    case 'remote':
      return (
        <RemoteConnectionDialog
          mac={gateway.mac}
          queryId={queryId}
          isAdmin={access.isAdmin}
          autoStart={dialog.autoStart}
          onClose={() => {
            close();
            if (dialog.after === 'configPage') configPage.retryAfterRemote();
          }}
        />
      );
    case 'ets':
      return <EtsDialog mac={gateway.mac} onClose={close} onNeedsRemote={needsRemote} />;
    case 'customProxy':
      return <CustomProxyDialog mac={gateway.mac} onClose={close} onNeedsRemote={needsRemote} />;
    case 'vpnLog':
      return <VpnLogDialog mac={gateway.mac} onClose={close} />;
  }
}
