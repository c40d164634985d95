import { useCallback, useState } from 'react';
import List from '@mui/material/List';
import HubIcon from '@mui/icons-material/HubOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { ChangeIdForm } from './change-id-form';
import { DetailDialog } from './detail-dialog';
import { MenuEntry } from './menu-entry';

interface Props {
  mac: string;
  onClose: () => void;
  /** Opens the configuration page, through the remote connection (spec §2). */
  onOpenConfigPage: () => void;
  /** While the remote connection is checked: the entry waits. */
  openingConfigPage: boolean;
  onThirdParty: () => void;
}

/** Advanced configuration: a menu view and the change-ID view (spec §2). */
export function AdvancedConfigDialog(props: Props) {
  const { mac, onClose, onOpenConfigPage, openingConfigPage, onThirdParty } = props;
  const { t } = useTranslation();
  const [view, setView] = useState<'menu' | 'ids'>('menu');
  const [busy, setBusy] = useState(false);
  const onBusy = useCallback((b: boolean) => setBusy(b), []);
  return (
    <DetailDialog
      title={
        view === 'ids'
          ? t('gatewayDetail.advanced.changeIdsTitle')
          : t('gatewayDetail.actions.advanced')
      }
      onClose={onClose}
      busy={busy}
    >
      {view === 'menu' ? (
        <List disablePadding>
          <MenuEntry
            icon={<KeyIcon />}
            title={t('gatewayDetail.advanced.changeIds')}
            hint={t('gatewayDetail.advanced.changeIdsEntry')}
            onClick={() => setView('ids')}
          />
          <MenuEntry
            icon={<OpenInNewIcon />}
            title={t('gatewayDetail.advanced.openConfig')}
            hint={t('gatewayDetail.advanced.openConfigHint')}
            onClick={onOpenConfigPage}
            disabled={openingConfigPage}
          />
          <MenuEntry
            icon={<HubIcon />}
            title={t('gatewayDetail.actions.thirdParty')}
            hint={t('gatewayDetail.advanced.thirdPartyHint')}
            onClick={onThirdParty}
          />
        </List>
      ) : (
        <ChangeIdForm mac={mac} onBack={() => setView('menu')} onDone={onClose} onBusy={onBusy} />
      )}
    </DetailDialog>
  );
}
