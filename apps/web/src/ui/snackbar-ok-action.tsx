import { closeSnackbar, type SnackbarKey } from 'notistack';
import Button from '@mui/material/Button';
import { translate } from '../lib/i18n/i18n';

/** The "ok" action every snackbar carries (spec §2). */
export function SnackbarOkAction({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  return (
    <Button color="inherit" size="small" onClick={() => closeSnackbar(snackbarKey)}>
      {translate('dialog.ok')}
    </Button>
  );
}
