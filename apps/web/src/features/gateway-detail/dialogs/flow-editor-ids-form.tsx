import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { gatewayPassword, gatewayUsername } from '@atrium/contracts/hub';
import { notify } from '../../../ui/snackbar';
import { gatewayCommands } from '../api/gateway-commands';
import { useGatewayCommand } from '../api/use-gateway-command';
import { CredentialFields } from './credential-fields';
import { SubmitButton } from '../../../ui/submit-button';

/** Editor IDs required; the UI pair optional, but both or neither, under the same rules (spec §5). */
const schema = z
  .object({
    username: gatewayUsername,
    password: gatewayPassword,
    username_ui: z.string(),
    password_ui: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.username_ui === '' && v.password_ui === '') return;
    const pairs = [
      ['username_ui', gatewayUsername.safeParse(v.username_ui)],
      ['password_ui', gatewayPassword.safeParse(v.password_ui)],
    ] as const;
    for (const [path, result] of pairs) {
      const message = result.error?.issues[0]?.message;
      if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
type Values = z.infer<typeof schema>;
type NoderedIds = Parameters<typeof gatewayCommands.noderedPassword>[1];

interface Props {
  mac: string;
  onBack: () => void;
  onBusy: (busy: boolean) => void;
}

/** Flow-editor IDs: username, password, optional UI username and password. */
export function FlowEditorIdsForm({ mac, onBack, onBusy }: Props) {
  const { t } = useTranslation();
  const saving = useGatewayCommand(
    (ids: NoderedIds) => gatewayCommands.noderedPassword(mac, ids),
    () => {
      notify.success('idModified');
      onBack();
    },
  );
  const busy = saving.isPending;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', username_ui: '', password_ui: '' },
    mode: 'onTouched',
  });
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const submit = form.handleSubmit(({ username_ui, password_ui, ...ids }) => {
    const ui = username_ui ? { username_ui, password_ui } : {};
    saving.mutate({ ...ids, ...ui });
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submit(e)}>
      <CredentialFields form={form} username="username" password="password" autoFocus />
      <Divider />
      <Typography variant="subtitle2">{t('gatewayDetail.flowEditor.uiTitle')}</Typography>
      <CredentialFields
        form={form}
        username="username_ui"
        password="password_ui"
        usernameLabel={t('gatewayDetail.ids.uiUsername')}
        passwordLabel={t('gatewayDetail.ids.uiPassword')}
        criteriaWhenEmpty={false}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onBack} disabled={busy}>
          {t('gatewayDetail.back')}
        </Button>
        <SubmitButton size="medium" pending={busy}>
          {t('dialog.save')}
        </SubmitButton>
      </Stack>
    </Stack>
  );
}
