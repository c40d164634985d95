import { useEffect, useEffectEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { configPasswordBody } from '@atrium/contracts/hub';
import { notify } from '../../../ui/snackbar';
import { gatewayCommands } from '../api/gateway-commands';
import { useGatewayCommand } from '../api/use-gateway-command';
import { DETAIL_LIMITS } from '../model/constants';
import { CredentialFields } from './credential-fields';
import { SubmitButton } from '../../../ui/submit-button';

type Values = z.input<typeof configPasswordBody>;

interface Props {
  mac: string;
  onBack: () => void;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}

/** The change-ID form of the advanced configuration; closes 1 s after success (spec §5). */
export function ChangeIdForm({ mac, onBack, onDone, onBusy }: Props) {
  const { t } = useTranslation();
  const saving = useGatewayCommand(
    (values: Values) => gatewayCommands.configPassword(mac, values),
    () => notify.success('idModified'),
  );
  const state = saving.isPending ? 'busy' : saving.isSuccess ? 'done' : 'idle';
  const form = useForm<Values>({
    resolver: zodResolver(configPasswordBody),
    defaultValues: { username: '', password: '' },
    mode: 'onTouched',
  });
  useEffect(() => onBusy(state === 'busy'), [state, onBusy]);
  const close = useEffectEvent(onDone);
  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => close(), DETAIL_LIMITS.closeAfterSuccessMs);
    return () => clearTimeout(timer);
  }, [state]);

  const submit = form.handleSubmit((values) => saving.mutate(values));

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submit(e)}>
      <Typography variant="body2" color="text.secondary">
        {t('gatewayDetail.advanced.changeIdsHint')}
      </Typography>
      <CredentialFields form={form} username="username" password="password" autoFocus />
      {state === 'done' && <Alert severity="success">{t('idModified')}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onBack} disabled={state !== 'idle'}>
          {t('gatewayDetail.back')}
        </Button>
        <SubmitButton size="medium" pending={state === 'busy'} disabled={state !== 'idle'}>
          {t('dialog.save')}
        </SubmitButton>
      </Stack>
    </Stack>
  );
}
