import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RANKS } from '@atrium/contracts/user';
import { notify } from '../../../ui/snackbar';
import { accountsApi } from '../api/accounts-api';
import { newAccountProblem, type AccountRank, type AccountRow } from './accounts-rules';
import { SubmitButton } from '../../../ui/submit-button';

interface Props {
  existing: AccountRow[];
  onBack: () => void;
  onCreated: () => void;
}

/** Add view: e-mail and rank; the server mails the new account a set-password link. */
export function AccountAddForm({ existing, onBack, onCreated }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [rank, setRank] = useState<AccountRank | ''>('');
  const creating = useMutation({
    mutationFn: accountsApi.create,
    onSuccess: () => {
      notify.success('accounts.created', { values: { email: email.trim() }, duration: 3000 });
      onCreated();
    },
    onError: (error) => notify.apiError(error, { noRank: 'missingRank' }),
  });
  const busy = creating.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newAccountProblem(email, rank, existing);
    if (problem || rank === '') {
      notify.error(problem ?? 'missingRank');
      return;
    }
    creating.mutate({ email: email.trim().toLowerCase(), rank });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ pt: 1 }}>
      <Stack spacing={2.5}>
        <TextField
          autoFocus
          type="email"
          label={t('welcome.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
        />
        <TextField
          select
          label={t('accounts.rank')}
          value={rank}
          onChange={(e) => setRank(e.target.value as AccountRank)}
        >
          {ACCOUNT_RANKS.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`rank.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <Button color="inherit" onClick={onBack} disabled={busy}>
            {t('addGateway.back')}
          </Button>
          <SubmitButton size="medium" pending={busy} disabled={!email.trim() || !rank}>
            {t('accounts.add')}
          </SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
