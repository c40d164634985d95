import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api/error-key';
import { notify } from '../../../ui/snackbar';
import { AccountAddForm } from './account-add-form';
import { AccountList } from './account-list';
import { ViewerAccounts } from './viewer-accounts';
import { accountsApi, accountsQuery } from '../api/accounts-api';
import { toRows, type AccountRow } from './accounts-rules';
import { SubmitButton } from '../../../ui/submit-button';

/** Account management: list (ranks, removals saved together) and add (document 2 §2, §4). */
export function AccountsDialog({ ownEmail, onClose }: { ownEmail: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(accountsQuery());
  const [edited, setEdited] = useState<AccountRow[] | null>(null);
  const [view, setView] = useState<'list' | 'add'>('list');
  const rows = edited ?? toRows(query.data ?? []);

  const reload = async () => {
    setEdited(null);
    await query.refetch();
  };

  const saving = useMutation({
    mutationFn: accountsApi.update,
    onSuccess: async () => {
      notify.success('changeSuccess');
      await reload();
    },
    onError: (error) => notify.apiError(error),
  });
  const busy = saving.isPending;
  const save = () => {
    if (edited) saving.mutate(edited);
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby="accounts-title"
      slotProps={{ paper: { sx: { width: 575, maxWidth: '95vw' } } }}
    >
      <DialogTitle id="accounts-title">
        {view === 'add' ? t('accounts.addTitle') : t('projects.admin.accounts')}
      </DialogTitle>
      <DialogContent dividers>
        {view === 'add' ? (
          <AccountAddForm
            existing={rows}
            onBack={() => setView('list')}
            onCreated={() => void reload().then(() => setView('list'))}
          />
        ) : (
          <>
            {query.isPending && (
              <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
                <CircularProgress size={28} />
              </Box>
            )}
            {query.isError && <Alert severity="error">{t(errorMessageKey(query.error))}</Alert>}
            {query.isSuccess && rows.length === 0 && (
              <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                {t('accounts.empty')}
              </Typography>
            )}
            {query.isSuccess && rows.length > 0 && (
              <AccountList rows={rows} ownEmail={ownEmail} onChange={setEdited} />
            )}
            <ViewerAccounts />
          </>
        )}
      </DialogContent>
      {view === 'list' && (
        <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button startIcon={<PersonAddIcon />} onClick={() => setView('add')} disabled={busy}>
            {t('accounts.add')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button color="inherit" onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <SubmitButton size="medium" pending={busy} disabled={edited === null} onClick={save}>
            {t('dialog.save')}
          </SubmitButton>
        </DialogActions>
      )}
    </Dialog>
  );
}
