import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@atrium/contracts/gateway';
import { selectGateway } from '../../lib/display-mode';
import { useSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/page-header';
import { ComingSoonPanel } from '../../ui/placeholder-page';
import { useGateway } from './gateways-api';
import { TransferDialog } from './transfer-dialog';

/** /projects/:projectID/gateway/:gatewayID — display mode 2; the detail screen comes later. */
export function GatewayDetailsPage() {
  const { t } = useTranslation();
  const user = useSession();
  const { projectID = '', gatewayID = '' } = useParams();
  const gateway = useGateway(gatewayID);
  const [transfer, setTransfer] = useState(false);
  const gw = gateway.data;

  useEffect(() => selectGateway(projectID, gatewayID), [projectID, gatewayID]);

  // Spec §2: transfer configuration is a button of virtual klocknx gateways, not for viewers.
  const canTransfer = gw?.virtual === 1 && gw.type === 'klocknx' && user?.rank !== 'viewer';
  return (
    <>
      <PageHeader
        title={gw?.name ?? formatMac(gatewayID)}
        subtitle={
          gw ? `${t(`gatewayType.${gw.type}`)} · ${formatMac(gw.mac)} · ${gw.sn}` : undefined
        }
        backTo={{
          to: `/projects/${encodeURIComponent(projectID)}`,
          label: t('gateways.backToTable'),
        }}
        actions={
          canTransfer && (
            <Button
              variant="outlined"
              startIcon={<SyncAltIcon />}
              onClick={() => setTransfer(true)}
            >
              {t('transfer.open')}
            </Button>
          )
        }
      />
      {gateway.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('dataNotLoaded')}
        </Alert>
      )}
      {gw && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
          <Chip
            color={gw.online ? 'success' : 'default'}
            label={t(gw.online ? 'gateways.status.online' : 'gateways.status.offline')}
          />
          <Chip variant="outlined" label={gw.version ?? 'X'} />
          {gw.virtual === 1 && <Chip variant="outlined" label={t('gateways.virtual')} />}
        </Stack>
      )}
      <ComingSoonPanel />
      {transfer && gw && (
        <TransferDialog source={gw} projectId={projectID} onClose={() => setTransfer(false)} />
      )}
    </>
  );
}
