import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UpdateProgress } from '../model/update-progress';

/** The running update: sent, step n/m with a progress bar, then booting (spec §2, §3). */
export function UpdateStatus({
  progress,
}: {
  progress: Exclude<UpdateProgress, { kind: 'idle' }>;
}) {
  const { t } = useTranslation();
  const label =
    progress.kind === 'flashing'
      ? t('gatewayDetail.firmware.step', { done: progress.done, total: progress.total })
      : progress.kind === 'booting'
        ? t('gatewayDetail.firmware.booting')
        : t('gatewayDetail.firmware.sent');
  return (
    <Box role="status" aria-live="polite" data-testid="update-status" data-kind={progress.kind}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75, gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('gatewayDetail.firmware.updating')}
        </Typography>
        <Typography
          variant="body2"
          color={progress.kind === 'booting' ? 'info.main' : 'text.secondary'}
        >
          {label}
        </Typography>
      </Box>
      <LinearProgress
        variant={progress.kind === 'flashing' ? 'determinate' : 'indeterminate'}
        value={progress.kind === 'flashing' ? progress.percent : undefined}
        color={progress.kind === 'booting' ? 'info' : 'primary'}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
