import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { VersionStatus } from '@atrium/contracts/version';

const COLOR = { EOL: 'error', outdated: 'warning', beta: 'info', uptodate: 'success' } as const;

/** EOL, outdated, beta or up to date (spec §4, Version status). */
export function VersionStatusChip({ status }: { status: VersionStatus }) {
  const { t } = useTranslation();
  const label =
    status === 'EOL'
      ? t('gatewayDetail.firmware.status.EOL')
      : status === 'outdated'
        ? t('gatewayDetail.firmware.status.outdated')
        : status === 'beta'
          ? t('gatewayDetail.firmware.status.beta')
          : t('gatewayDetail.firmware.status.uptodate');
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'uptodate' ? 'outlined' : 'filled'}
      label={label}
      sx={{ fontWeight: 700, height: 22 }}
    />
  );
}
