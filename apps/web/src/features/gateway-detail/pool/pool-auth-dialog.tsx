import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { KLEREO_PASSWORD_CRITERIA, type PoolType } from '@atrium/contracts/pool';
import { errorMessageKey } from '../../../lib/api/error-key';
import { PasswordField } from '../../../ui/password-field';
import { DetailDialog } from '../dialogs/detail-dialog';
import { poolApi, usePoolMutation } from './pool-api';
import { isKlereoUsername, klereoPasswordFailures, sha1Hex } from './pool-model';

interface Props {
  mac: string;
  type: PoolType;
  /** The stored Klereo username, shown again. */
  username: string;
  onClose: () => void;
}

const APIKEY = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The vendor credentials (document 2 §2, titled modifyIds): Klereo's username and password
 * (letters and digits; the password SHA-1-hashed here, never sent as typed), PoolCop's API key.
 */
export function PoolAuthDialog({ mac, type, username: stored, onClose }: Props) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(stored);
  const [password, setPassword] = useState('');
  const [apikey, setApikey] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const auth = usePoolMutation(mac, async () =>
    type === 'klereo'
      ? poolApi.auth(mac, {
          type,
          auth: { username: username.trim(), password: await sha1Hex(password) },
        })
      : poolApi.auth(mac, { type, auth: { apikey: apikey.trim() } }),
  );
  const failures = klereoPasswordFailures(password);
  const userError =
    username.trim() === ''
      ? 'required'
      : isKlereoUsername(username.trim())
        ? null
        : 'noSpecialCharacters';
  const keyError =
    apikey.trim() === '' ? 'required' : APIKEY.test(apikey.trim()) ? null : 'validation';
  const valid = type === 'klereo' ? userError === null && failures.length === 0 : keyError === null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    setFailure(null);
    auth.mutate(undefined, {
      onSuccess: onClose,
      onError: (error) => setFailure(errorMessageKey(error)),
    });
  };

  return (
    <DetailDialog
      title={t('modifyIds')}
      onClose={onClose}
      busy={auth.isPending}
      onSubmit={submit}
      actions={
        <>
          <Button onClick={onClose} disabled={auth.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={auth.isPending}>
            {t('dialog.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t(type === 'klereo' ? 'pool.authKlereoHint' : 'pool.authPoolcopHint')}
        </Typography>
        {type === 'klereo' ? (
          <>
            <TextField
              label={t('pool.username')}
              value={username}
              required
              autoComplete="off"
              onChange={(e) => setUsername(e.target.value)}
              error={touched && userError !== null}
              helperText={touched && userError ? t(userError) : undefined}
            />
            <PasswordField
              label={t('pool.password')}
              value={password}
              required
              autoComplete="new-password"
              onChange={(e) => setPassword(e.target.value)}
              error={touched && failures.length > 0}
            />
            <Box
              component="ul"
              aria-label={t('pool.passwordRules')}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {Object.keys(KLEREO_PASSWORD_CRITERIA).map((key) => {
                const ok = !failures.includes(key);
                return (
                  <Box
                    component="li"
                    key={key}
                    sx={{
                      display: 'flex',
                      gap: 0.75,
                      alignItems: 'center',
                      color: ok ? 'success.main' : 'error.main',
                    }}
                  >
                    {ok ? <CheckCircleIcon fontSize="small" /> : <CancelIcon fontSize="small" />}
                    <Typography variant="body2">{t(`pool.criteria.${key}`)}</Typography>
                  </Box>
                );
              })}
            </Box>
          </>
        ) : (
          <PasswordField
            label={t('pool.apikey')}
            value={apikey}
            required
            autoComplete="off"
            onChange={(e) => setApikey(e.target.value)}
            error={touched && keyError !== null}
            helperText={touched && keyError ? t(keyError) : undefined}
          />
        )}
        {failure && <Alert severity="error">{t(failure)}</Alert>}
      </Stack>
    </DetailDialog>
  );
}
