import { useEffect, useEffectEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The gateway restarts after the set-up: a visible wait, then `onDone` (spec §9: 5 s). */
export function RestartWait({
  ms,
  warn,
  onDone,
}: {
  ms: number;
  warn: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [elapsed, setElapsed] = useState(0);
  // The wait runs once, whatever the parent re-renders (the 5 s refresh) pass as onDone.
  const finish = useEffectEvent(onDone);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), 200);
    const done = setTimeout(() => finish(), ms);
    return () => {
      clearInterval(timer);
      clearTimeout(done);
    };
  }, [ms]);
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 1 }}>
      {warn && <Alert severity="warning">{t('noderedRestart')}</Alert>}
      <Typography>{t('gatewayDetail.wizard.restarting')}</Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (elapsed / ms) * 100)}
        aria-label={t('gatewayDetail.wizard.restarting')}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
