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
import type { PromptOptions } from './dialog-types';

interface Props {
  options: PromptOptions;
  onClose: (text: string | null) => void;
}

/** One required text field; returns the text, or null on cancel. 460 px, at most 90vw. */
export function PromptDialog({ options, onClose }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(options.initialValue ?? '');
  const [touched, setTouched] = useState(false);
  const text = value.trim();
  const valid = text.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) onClose(text);
  };

  return (
    <Dialog
      open
      onClose={() => onClose(null)}
      aria-labelledby="prompt-dialog-title"
      slotProps={{
        paper: { component: 'form', onSubmit: submit, sx: { width: 460, maxWidth: '90vw' } },
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
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !valid}
          helperText={t('requiredField')}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose(null)} color="inherit">
          {options.cancelLabel ?? t('dialog.cancel')}
        </Button>
        <Tooltip title={valid ? '' : t('dialog.fillRequired')}>
          {/* A disabled button fires no events; the span lets the tooltip show. */}
          <span>
            <Button type="submit" variant="contained" disabled={!valid}>
              {options.confirmLabel ?? t('dialog.confirm')}
            </Button>
          </span>
        </Tooltip>
      </DialogActions>
    </Dialog>
  );
}
