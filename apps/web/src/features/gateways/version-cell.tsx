import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import type { VersionCell as State } from './version-cell-state';

const STATUS_COLOR = {
  EOL: 'error',
  beta: 'info',
  uptodate: 'success',
  outdated: 'warning',
} as const;

/** The firmware column of the gateway table (spec §2, "Row version cell"). */
export function VersionCell({ state }: { state: State }) {
  const { t } = useTranslation();
  switch (state.kind) {
    case 'progress':
      return (
        <Box sx={{ minWidth: 96 }}>
          <LinearProgress
            aria-label={t('gateways.version.updating', { step: state.label })}
            variant={state.percent === null ? 'indeterminate' : 'determinate'}
            value={state.percent ?? undefined}
            sx={{ height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" color="text.secondary">
            {state.percent === null ? t('gateways.version.updatingShort') : state.label}
          </Typography>
        </Box>
      );
    case 'booting':
      return (
        <Typography variant="body2" color="info.main" sx={{ fontWeight: 600 }}>
          {t('gateways.version.booting')}
        </Typography>
      );
    case 'waiting':
      return (
        <Tooltip
          title={t(
            state.reason === 'certs'
              ? 'gateways.version.waitingCerts'
              : 'gateways.version.waitingUpdate',
          )}
        >
          <DownloadIcon
            color="error"
            sx={{ verticalAlign: 'middle' }}
            // role="img" with its text (MUI hides an icon without titleAccess).
            titleAccess={t(
              state.reason === 'certs'
                ? 'gateways.version.waitingCerts'
                : 'gateways.version.waitingUpdate',
            )}
          />
        </Tooltip>
      );
    case 'outdated':
      return (
        <Tooltip title={t('gateways.version.outdated', { latest: state.latest })}>
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<DownloadIcon />}
            label={state.version}
            // A named group: the badge's meaning for screen readers, its version as content.
            role="group"
            aria-label={t('gateways.version.outdated', { latest: state.latest })}
            sx={{ fontWeight: 600 }}
          />
        </Tooltip>
      );
    case 'unknown':
      return (
        <Tooltip title={t('gateways.version.unknown')}>
          <ClearIcon
            color="disabled"
            sx={{ verticalAlign: 'middle' }}
            titleAccess={t('gateways.version.unknown')}
          />
        </Tooltip>
      );
    case 'version':
      if (!state.version) return <Typography color="text.disabled">—</Typography>;
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Typography variant="body2">{state.version}</Typography>
          {state.status && state.status !== 'uptodate' && (
            <Chip
              size="small"
              color={STATUS_COLOR[state.status]}
              label={t(`gateways.version.status.${state.status}`)}
              sx={{ height: 20, fontSize: 11, fontWeight: 700 }}
            />
          )}
        </Box>
      );
  }
}
