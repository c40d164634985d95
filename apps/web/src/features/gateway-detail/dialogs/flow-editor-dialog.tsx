import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdateAlt';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { notify } from '../../../ui/snackbar';
import { gatewayCommands } from '../api/gateway-commands';
import { useGatewayCommand } from '../api/use-gateway-command';
import { DetailDialog } from './detail-dialog';
import { FlowEditorIdsForm } from './flow-editor-ids-form';
import { FlowEditorLinks } from './flow-editor-links';

interface Props {
  mac: string;
  ip: string | null;
  readOnly: boolean;
  /** Admin or partner-domain user: ID change and modules (spec §6). */
  isAdminOrPartner: boolean;
  onClose: () => void;
  /** The remote links need a live remote connection. */
  onNeedsRemote: () => void;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ py: 1.5 }}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Flow-editor dialog: IDs, restart, update and links (spec §2). */
export function FlowEditorDialog(props: Props) {
  const { mac, readOnly, isAdminOrPartner, onClose } = props;
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [view, setView] = useState<'main' | 'ids'>('main');
  const [busy, setBusy] = useState(false);
  const onBusy = useCallback((b: boolean) => setBusy(b), []);

  const restart = useGatewayCommand(gatewayCommands.noderedRestart, () =>
    notify.success('noderedRestarting', { duration: 3000 }),
  );
  const update = useGatewayCommand(gatewayCommands.noderedUpdate, () =>
    notify.success('updatingNodered', { duration: 3000 }),
  );

  /** The confirmation stays open (pending) until the gateway answered. */
  const run = (kind: 'restart' | 'update') =>
    confirm({
      title:
        kind === 'restart'
          ? t('gatewayDetail.flowEditor.restart')
          : t('gatewayDetail.flowEditor.update'),
      message: kind === 'restart' ? t('restartNodered') : t('updateNodered'),
      // Failures are shown by the mutation: confirm() still resolves true.
      onConfirm: () => (kind === 'restart' ? restart : update).mutateAsync(mac).catch(() => null),
    });

  if (view === 'ids') {
    return (
      <DetailDialog title={t('gatewayDetail.flowEditor.idsTitle')} onClose={onClose} busy={busy}>
        <FlowEditorIdsForm mac={mac} onBack={() => setView('main')} onBusy={onBusy} />
      </DetailDialog>
    );
  }
  return (
    <DetailDialog title={t('gatewayDetail.actions.flowEditor')} onClose={onClose}>
      {!readOnly && (
        <>
          <Section title={t('gatewayDetail.flowEditor.manage')}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {isAdminOrPartner && (
                <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setView('ids')}>
                  {t('gatewayDetail.flowEditor.modifyIds')}
                </Button>
              )}
              <Button
                variant="outlined"
                startIcon={<RestartAltIcon />}
                onClick={() => void run('restart')}
              >
                {t('gatewayDetail.flowEditor.restart')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<SystemUpdateIcon />}
                onClick={() => void run('update')}
              >
                {t('gatewayDetail.flowEditor.update')}
              </Button>
            </Box>
          </Section>
          <Divider />
        </>
      )}
      <Section title={t('gatewayDetail.flowEditor.links')}>
        <FlowEditorLinks
          mac={mac}
          ip={props.ip}
          showModules={isAdminOrPartner}
          readOnly={readOnly}
          onNeedsRemote={props.onNeedsRemote}
        />
      </Section>
    </DetailDialog>
  );
}
