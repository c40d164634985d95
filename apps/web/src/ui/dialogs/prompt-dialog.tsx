import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { GENERIC_ERROR_KEY } from '../../lib/api/error-key';
import { SubmitButton } from '../submit-button';
import type { PromptOptions } from './dialog-types';

interface Props {
  options: PromptOptions;
  onClose: (text: string | null) => void;
}

/**
 * One required text field; returns the text, or null on cancel. With `submit`, stays open
 * with the refusal's message on the field. 460 px, at most 90vw.
 */
export function PromptDialog({ options, onClose }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(options.initialValue ?? '');
  const [touched, setTouched] = useState(false);
  // The message key of the last refused submit, until the text changes.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const text = value.trim();
  const valid = text.length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || pending) return;
    if (!options.submit) return onClose(text);
    setPending(true);
    const key = await Promise.resolve()
      .then(() => options.submit?.(text) ?? null)
      .catch(() => GENERIC_ERROR_KEY);
    setPending(false);
    if (key === null) onClose(text);
    else setRefusal(key);
  };

  return (
    <Dialog
      open
      onClose={() => !pending && onClose(null)}
      aria-labelledby="prompt-dialog-title"
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: (e: FormEvent) => void submit(e),
          sx: { width: 460, maxWidth: '90vw' },
        },
      }}
    >
      <DialogTitle id="prompt-dialog-title">{options.title}</DialogTitle>
      <DialogContent>
        {options.message && <DialogContentText sx={{ mb: 2 }}>{options.message}</DialogContentText>}
        <TextField
          autoFocus
          fullWidth
          required
          margin="dense"
          label={options.label}
          placeholder={options.placeholder}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setRefusal(null);
          }}
          onBlur={() => setTouched(true)}
          error={(touched && !valid) || refusal !== null}
          helperText={refusal === null ? t('requiredField') : t(refusal)}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose(null)} color="inherit" disabled={pending}>
          {options.cancelLabel ?? t('dialog.cancel')}
        </Button>
        <Tooltip title={valid ? '' : t('dialog.fillRequired')}>
          {/* A disabled button fires no events; the span lets the tooltip show. */}
          <span>
            <SubmitButton size="medium" pending={pending} disabled={!valid}>
              {options.confirmLabel ?? t('dialog.confirm')}
            </SubmitButton>
          </span>
        </Tooltip>
      </DialogActions>
    </Dialog>
  );
}
