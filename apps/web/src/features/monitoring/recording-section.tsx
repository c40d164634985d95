import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import type { Logger } from '@atrium/contracts/project';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { useConfirm } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import { monitoringApi } from './api/monitoring-api';
import { SectionCard } from './section-card';

interface Props {
  projectId: string;
  logger: Logger;
  canEdit: boolean;
}

/** Logger status (active/inactive) and pause/restart with confirmation (spec document 2 §4). */
export function RecordingSection({ projectId, logger, canEdit }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const active = logger.status === 'active';
  const paused = logger.pause;
  const pause = useMutation({
    mutationFn: (pause: boolean) => monitoringApi.pause(projectId, pause),
    onSuccess: (_, pause) =>
      notify.success(pause ? 'monitoring.recording.paused' : 'monitoring.recording.restarted'),
    onError: (error) => notify.apiError(error),
    onSettled: () =>
      void invalidate(
        queryClient,
        QUERY_KEYS.project(projectId),
        QUERY_KEYS.projects,
        QUERY_KEYS.monitoring,
      ),
  });
  const busy = pause.isPending;

  const toggle = async () => {
    const ok = await confirm({
      title: t(paused ? 'monitoring.recording.restartTitle' : 'monitoring.recording.pauseTitle'),
      message: t(
        paused ? 'monitoring.recording.restartMessage' : 'monitoring.recording.pauseMessage',
      ),
      confirmLabel: t(paused ? 'monitoring.recording.restart' : 'monitoring.recording.pause'),
    });
    if (ok) pause.mutate(!paused);
  };

  return (
    <SectionCard
      testId="recording-section"
      icon={<FiberManualRecordIcon color={active && !paused ? 'error' : 'disabled'} />}
      title={t('monitoring.recording.title')}
      status={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Chip
            size="small"
            color={active ? 'success' : 'default'}
            label={t(active ? 'monitoring.recording.active' : 'monitoring.recording.inactive')}
          />
          <Chip
            size="small"
            variant="outlined"
            color={paused ? 'warning' : 'default'}
            label={t(paused ? 'monitoring.recording.isPaused' : 'monitoring.recording.isRunning')}
          />
          <span>{t('monitoring.recording.plan', { subscription: logger.subscription })}</span>
        </Box>
      }
      action={
        canEdit && (
          <Button
            variant="outlined"
            color={paused ? 'primary' : 'warning'}
            startIcon={paused ? <PlayArrowIcon /> : <PauseIcon />}
            onClick={() => void toggle()}
            disabled={busy}
          >
            {t(paused ? 'monitoring.recording.restart' : 'monitoring.recording.pause')}
          </Button>
        )
      }
    />
  );
}
