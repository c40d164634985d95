import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { viewersReply } from '@atrium/contracts/project';
import { ApiError } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/client';
import { notify } from '../../../ui/snackbar';
import { PasswordField } from '../../../ui/password-field';
import { SubmitButton } from '../../../ui/submit-button';
import { TextInput } from '../../../ui/text-input';

interface Props {
  project: { _id: string; name: string };
  onClose: () => void;
}

const viewersKey = (projectId: string) => ['projects', 'viewers', projectId] as const;

const viewersApi = {
  list: (id: string, signal?: AbortSignal) =>
    api.get(`/api/project/viewers/${id}`, { schema: viewersReply, signal }),
  add: (id: string, email: string) =>
    api.post(`/api/project/viewer/add/${id}`, { email }, { schema: viewersReply }),
  remove: (id: string, email: string) =>
    api.post(`/api/project/viewer/remove/${id}`, { emails: [email] }, { schema: viewersReply }),
  createAccount: (email: string, password: string) =>
    api.post('/api/user/viewers/create', { email, password }),
};

/**
 * Viewers dialog (document 2, "Viewers dialog"): the project's viewers, added and removed by
 * e-mail (lowercased; empty: emailEmpty). An e-mail without an account offers to create a
 * read-only viewer account in the team first (decision 0027), then adds it.
 */
export function ViewersDialog({ project, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = viewersKey(project._id);
  const { data, isPending } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => viewersApi.list(project._id, signal),
  });
  const [email, setEmail] = useState('');
  const [emptyError, setEmptyError] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const [password, setPassword] = useState('');

  const saved = (reply: { viewers: { email: string; name: string }[] }) =>
    queryClient.setQueryData(key, reply);

  const add = useMutation({
    mutationFn: (address: string) => viewersApi.add(project._id, address),
    onSuccess: (reply) => {
      saved(reply);
      setEmail('');
      setMissing(null);
      setPassword('');
      notify.success('viewers.added');
    },
    onError: (error, address) => {
      if (error instanceof ApiError && error.code === 'userNotFound') setMissing(address);
      else notify.apiError(error);
    },
  });
  const create = useMutation({
    mutationFn: async (v: { email: string; password: string }) => {
      await viewersApi.createAccount(v.email, v.password);
      return viewersApi.add(project._id, v.email);
    },
    onSuccess: (reply) => {
      saved(reply);
      setEmail('');
      setMissing(null);
      setPassword('');
      notify.success('viewers.accountCreated');
    },
    onError: (error) => notify.apiError(error),
  });
  const remove = useMutation({
    mutationFn: (address: string) => viewersApi.remove(project._id, address),
    onSuccess: saved,
    onError: (error) => notify.apiError(error),
  });
  const busy = add.isPending || create.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim().toLowerCase();
    if (!address) {
      setEmptyError(true);
      return;
    }
    if (missing === address) create.mutate({ email: address, password });
    else add.mutate(address);
  };

  const viewers = data?.viewers ?? [];
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby="viewers-title"
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: submit,

          sx: { width: 575, maxWidth: '90vw' },
        },
      }}
    >
      <DialogTitle id="viewers-title">
        {t('projects.dialogs.viewers')}
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={{ display: 'block' }}
        >
          {project.name}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('viewers.hint')}</DialogContentText>
        {!isPending && viewers.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('viewers.none')}
          </Typography>
        )}
        {viewers.length > 0 && (
          <List dense aria-label={t('viewers.listLabel')} sx={{ mb: 2 }}>
            {viewers.map((v) => (
              <ListItem
                key={v.email}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('viewers.remove', { email: v.email })}
                    title={t('viewers.remove', { email: v.email })}
                    disabled={busy}
                    onClick={() => remove.mutate(v.email)}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={v.email}
                  secondary={v.name !== v.email ? v.name : undefined}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Stack spacing={2}>
          <TextInput
            autoFocus
            type="email"
            label={t('viewers.email')}
            value={email}
            error={emptyError}
            helperText={emptyError ? t('viewers.emailEmpty') : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              setEmptyError(false);
            }}
            autoComplete="off"
            inputProps={{ maxLength: 254, spellCheck: false }}
          />
          {missing !== null && missing === email.trim().toLowerCase() && (
            <>
              <Alert severity="info">{t('viewers.noAccount', { email: missing })}</Alert>
              <PasswordField
                required
                label={t('viewers.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="new-password"
                helperText={t('viewers.passwordHint')}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {t('dialog.close')}
        </Button>
        <SubmitButton size="medium" pending={add.isPending || create.isPending}>
          {missing !== null && missing === email.trim().toLowerCase()
            ? t('viewers.createAndAdd')
            : t('viewers.add')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
