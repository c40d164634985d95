import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdateAlt';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { updateAllowed, versionStatus } from '@atrium/contracts/version';
import { useUpdateFailure } from '../../../lib/realtime/update-failures';
import { updateProgress } from '../model/update-progress';
import type { useFirmwareUpdate } from './use-firmware-update';
import { UpdateStatus } from './update-status';
import { VersionStatusChip } from './version-status-chip';

interface Props {
  gateway: GatewayItem;
  latest: string | undefined;
  isAdmin: boolean;
  readOnly: boolean;
  actions: ReturnType<typeof useFirmwareUpdate>;
}

/** The version, its status against the reference, the update buttons and the running update. */
export function FirmwareCard({ gateway: gw, latest, isAdmin, readOnly, actions }: Props) {
  const { t } = useTranslation();
  const failure = useUpdateFailure(gw.mac);
  const status = versionStatus(gw.type, gw.version, latest);
  const progress = updateProgress(gw.step);
  const canUpdate = updateAllowed({ virtual: gw.virtual, status, isAdmin });
  const hint =
    gw.virtual === 1
      ? t('gatewayDetail.firmware.virtualHint')
      : !canUpdate
        ? t('gatewayDetail.firmware.eolHint')
        : null;

  return (
    <Box data-testid="firmware-card" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          variant="h6"
          component="p"
          data-testid="firmware-version"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {gw.version || 'X'}
        </Typography>
        {status && <VersionStatusChip status={status} />}
        {latest && status !== 'uptodate' && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
            {t('gatewayDetail.firmware.latest', { version: latest })}
          </Typography>
        )}
      </Box>
      {progress.kind !== 'idle' && <UpdateStatus progress={progress} />}
      {progress.kind === 'idle' && !readOnly && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant={status === 'outdated' ? 'contained' : 'outlined'}
            startIcon={<SystemUpdateIcon />}
            disabled={!canUpdate}
            onClick={() => void actions.update()}
          >
            {t('gatewayDetail.firmware.update')}
          </Button>
          {isAdmin && (
            <Button
              variant="text"
              startIcon={<ScienceIcon />}
              disabled={gw.virtual === 1}
              onClick={() => void actions.betaUpdate()}
            >
              {t('gatewayDetail.firmware.betaUpdate')}
            </Button>
          )}
        </Box>
      )}
      {progress.kind === 'idle' && !readOnly && hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
      {failure && progress.kind === 'idle' && (
        <Alert severity="error" data-testid="update-failure">
          {t('gatewayDetail.firmware.failed', { reason: t(failure) })}
        </Alert>
      )}
    </Box>
  );
}
