import { useId, type FormEvent, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { DETAIL_LIMITS } from '../model/constants';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** While a call runs the dialog does not close. */
  busy?: boolean;
  /** Makes the paper a form (Enter submits). */
  onSubmit?: (event: FormEvent) => void;
  /** Width in px when not the typical 575 (the custom proxy's 750, spec §9). */
  width?: number;
}

/** The frame of the detail screen's dialogs: 575 px wide (spec §9), at most 90vw. */
export function DetailDialog({
  title,
  onClose,
  children,
  actions,
  busy = false,
  onSubmit,
  width = DETAIL_LIMITS.dialogWidthPx,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = () => !busy && onClose();
  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          ...(onSubmit ? { component: 'form', onSubmit, noValidate: true } : {}),
          sx: { width, maxWidth: '90vw', m: { xs: 1.5, sm: 4 } },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={t('dialog.close')}
        onClick={close}
        disabled={busy}
        sx={{ position: 'absolute', right: 10, top: 10 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 0.5, pb: actions ? undefined : 3 }}>{children}</DialogContent>
      {actions && (
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
      )}
    </Dialog>
  );
}
