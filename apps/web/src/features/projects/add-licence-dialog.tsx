import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { useTranslation } from 'react-i18next';
import type { Licence } from '@atrium/contracts/licence';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { notify } from '../../ui/snackbar';
import { projectsApi } from './api/projects-api';
import { SubmitButton } from '../../ui/submit-button';

interface Props {
  project: { _id: string; name: string };
  onClose: () => void;
}

/** What a licence gives, in words: "BossNX dashboard", "2 chart dashboards", "24 h of VPN". */
function useLicenceText() {
  const { t } = useTranslation();
  return (licence: Licence) => t(`licence.types.${licence.type}`, { value: licence.value ?? 1 });
}

/** Add licence or addon: check the key, then apply it to the project (document 2 §2, §8). */
export function AddLicenceDialog({ project, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const describe = useLicenceText();
  const [key, setKey] = useState('');
  const [licence, setLicence] = useState<Licence | null>(null);
  // Checking a key changes nothing on the server, but it is a call the user triggers.
  const verify = useMutation({
    mutationFn: projectsApi.verifyLicence,
    onSuccess: setLicence,
    onError: (error) =>
      notify.apiError(error, {
        licenceNotFound: 'serialKeyNotFound',
        notFound: 'serialKeyNotFound',
      }),
  });
  const apply = useMutation({
    mutationFn: (found: Licence) => projectsApi.useLicence(found.key, project._id),
    onSuccess: async () => {
      notify.success('licence.applied', { duration: 3000 });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.projects });
      onClose();
    },
    onError: (error) => notify.apiError(error),
  });
  const busy = verify.isPending || apply.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !key.trim()) return;
    if (licence) apply.mutate(licence);
    else verify.mutate(key.trim());
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby="add-licence-title"
      slotProps={{
        paper: { component: 'form', onSubmit: submit, sx: { width: 575, maxWidth: '90vw' } },
      }}
    >
      <DialogTitle id="add-licence-title">{t('licence.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('licence.hint', { project: project.name })}
        </DialogContentText>
        <TextField
          autoFocus
          required
          label={t('licence.key')}
          value={key}
          onChange={(e) => {
            setKey(e.target.value);
            setLicence(null);
          }}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 128, spellCheck: false } }}
        />
        {licence && (
          <Alert icon={<VerifiedIcon />} severity="success" sx={{ mt: 2 }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {describe(licence)}
            </Box>
            {' — '}
            {t('licence.ready')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <SubmitButton size="medium" pending={busy} disabled={!key.trim()}>
          {licence ? t('licence.apply') : t('licence.verify')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
