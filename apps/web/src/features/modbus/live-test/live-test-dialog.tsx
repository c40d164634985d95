import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { DialogHeader } from '../../../ui/dialog-header';
import { formatLiveValue, formatRegister } from './live-format';
import type { LiveState } from './use-live-read';

interface Props {
  state: LiveState;
  /** The value's name and unit, as typed in the form. */
  name: string;
  unit: string;
  onRetry: () => void;
  onClose: () => void;
}

/** The live test's answer (document 3 §4): the value with its unit and raw registers, or why not. */
export function LiveTestDialog({ state, name, unit, onRetry, onClose }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog
      open={state.kind !== 'idle'}
      onClose={onClose}
      aria-labelledby="live-test-title"
      slotProps={{ paper: { sx: { width: 440, maxWidth: '92vw' } } }}
    >
      <DialogHeader
        id="live-test-title"
        title={t('modbus.live.title')}
        subtitle={name || undefined}
        onClose={onClose}
      />
      <DialogContent dividers sx={{ minHeight: 140 }}>
        {state.kind === 'reading' && (
          <Box sx={{ display: 'grid', placeItems: 'center', gap: 1.5, py: 3 }}>
            <CircularProgress size={32} />
            <Typography color="text.secondary">{t('modbus.live.reading')}</Typography>
          </Box>
        )}
        {state.kind === 'value' && (
          <Box data-testid="live-result">
            <Typography
              variant="h4"
              component="p"
              sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
            >
              {formatLiveValue(state.value, unit, i18n.language)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('modbus.live.at', { time: formatDateTime(state.t) })}
            </Typography>
            <Typography variant="overline" color="text.secondary">
              {t('modbus.live.registers')}
            </Typography>
            <Box
              component="ul"
              sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {state.registers.map((register, i) => (
                <Box
                  component="li"
                  key={i}
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: 13,
                    px: 1,
                    py: 0.25,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                  }}
                >
                  {formatRegister(register)}
                </Box>
              ))}
            </Box>
          </Box>
        )}
        {state.kind === 'error' && (
          <Alert severity="error" data-testid="live-error">
            {t(state.messageKey)}
            {state.t !== undefined && (
              <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.8 }}>
                {t('modbus.live.at', { time: formatDateTime(state.t) })}
              </Typography>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button color="inherit" onClick={onClose}>
          {t('dialog.close')}
        </Button>
        <Button variant="contained" onClick={onRetry} disabled={state.kind === 'reading'}>
          {t('modbus.live.again')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
