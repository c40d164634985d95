import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '../../../ui/status-dot';

interface Props {
  /** Null while the state is not known yet. */
  online: boolean | null;
  /** Null hides the reboot button (read-only users). */
  onReboot: (() => void) | null;
  protect: boolean;
}

/** Online with a reboot button, offline, or a spinner while unknown (spec §2). */
export function ServiceState({ online, onReboot, protect }: Props) {
  const { t } = useTranslation();
  if (online === null) {
    return (
      <CircularProgress
        size={18}
        aria-label={t('gatewayDetail.info.stateLoading')}
        data-testid="service-state"
      />
    );
  }
  if (!online) {
    return (
      <Box data-testid="service-state">
        <StatusDot color="error" label={t('gatewayDetail.info.offline')} />
      </Box>
    );
  }
  return (
    <Box
      data-testid="service-state"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
    >
      <StatusDot color="success" label={t('gatewayDetail.info.online')} />
      {onReboot && (
        <Tooltip title={protect ? t('gatewayDetail.actions.protectedHint') : ''}>
          <span>
            <Button
              size="small"
              variant="outlined"
              startIcon={<RestartAltIcon />}
              onClick={onReboot}
              disabled={protect}
              sx={{ py: 0.25 }}
            >
              {t('gatewayDetail.info.reboot')}
            </Button>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}
