import { useMemo, useState, type KeyboardEvent } from 'react';
import DOMPurify from 'dompurify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from './dialog-types';

interface Props {
  options: ConfirmOptions;
  onClose: (confirmed: boolean) => void;
}

/** Confirmation dialog: 60% wide up to 460 px; Enter confirms; closing returns false. */
export function ConfirmDialog({ options, onClose }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const html = useMemo(() => DOMPurify.sanitize(options.message ?? ''), [options.message]);
  const showConfirm = options.showConfirm ?? true;
  const showCancel = options.showCancel ?? true;

  const confirm = async () => {
    if (busy) return;
    if (!options.onConfirm) return onClose(true);
    setBusy(true);
    try {
      await options.onConfirm();
      onClose(true);
    } catch {
      onClose(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // A focused button handles Enter itself (so Enter on "cancel" cancels).
    if (event.key !== 'Enter' || !showConfirm || event.target instanceof HTMLButtonElement) return;
    event.preventDefault();
    void confirm();
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose(false)}
      onKeyDown={onKeyDown}
      aria-labelledby="confirm-dialog-title"
      // No outline on the paper, which takes the focus when there is no button.
      slotProps={{ paper: { sx: { width: '60%', maxWidth: 460, minWidth: 280, outline: 'none' } } }}
    >
      <DialogTitle id="confirm-dialog-title">{options.title}</DialogTitle>
      {(html || options.loading) && (
        <DialogContent>
          {html && (
            <Box
              sx={{ color: 'text.secondary', '& p': { m: 0, mb: 1 }, wordBreak: 'break-word' }}
              dangerouslySetInnerHTML={{ __html: html }}
            />
          )}
          {options.loading && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <CircularProgress size={32} aria-label={t('app.loading')} />
            </Box>
          )}
        </DialogContent>
      )}
      {(showConfirm || showCancel) && (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {showCancel && (
            <Button onClick={() => onClose(false)} disabled={busy} color="inherit">
              {options.cancelLabel ?? t('dialog.cancel')}
            </Button>
          )}
          {showConfirm && (
            <Button
              variant="contained"
              onClick={() => void confirm()}
              disabled={busy}
              autoFocus
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {options.confirmLabel ?? t('dialog.confirm')}
            </Button>
          )}
        </DialogActions>
      )}
    </Dialog>
  );
}
