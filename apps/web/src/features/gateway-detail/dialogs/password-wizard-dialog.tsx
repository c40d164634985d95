import { useCallback, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { initPasswordsBody } from '@atrium/contracts/hub';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { notify } from '../../../ui/snackbar';
import { gatewayCommands } from '../api/gateway-commands';
import { useGatewayCommand } from '../api/use-gateway-command';
import { DETAIL_LIMITS } from '../model/constants';
import { CredentialFields } from './credential-fields';
import { DetailDialog } from './detail-dialog';
import { RestartWait } from './restart-wait';
import { WizardStepText } from './wizard-step-text';
import { wizardSteps } from './wizard-steps';

type Values = z.input<typeof initPasswordsBody>;
const empty = { username: '', password: '' };

interface Props {
  gateway: Pick<GatewayItem, 'mac' | 'type'>;
  queryId: string;
  onClose: () => void;
  /** After the set-up and the restart wait (the remote connection then starts). */
  onDone: () => void;
}

/** Password set-up wizard (spec §4, §5): POST /api/gateway/initpasswords. */
export function PasswordWizardDialog({ gateway, queryId, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const steps = wizardSteps(gateway.type);
  const [index, setIndex] = useState(0);
  const kloudnx = gateway.type === 'kloudnx';
  const form = useForm<Values>({
    resolver: zodResolver(initPasswordsBody),
    defaultValues: kloudnx
      ? { config: empty, nodered: empty, dashboard: empty }
      : { config: empty },
    mode: 'onTouched',
  });
  const step = steps[index] ?? 'info';
  const last = index === steps.length - 1;
  const finish = useCallback(() => {
    onClose();
    onDone();
  }, [onClose, onDone]);

  const setUp = useGatewayCommand(
    (values: Values) => gatewayCommands.initPasswords(gateway.mac, values),
    async () => {
      notify.success('changeSuccess');
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.gateway(queryId) });
    },
  );
  // After the set-up, the restart wait; after a failure, the form again.
  const phase = setUp.isPending ? 'busy' : setUp.isSuccess ? 'restart' : 'form';
  const submit = form.handleSubmit((values) => setUp.mutate(values));

  const next = async () => {
    if (
      step !== 'info' &&
      !(await form.trigger([`${step}.username`, `${step}.password`] as Path<Values>[]))
    )
      return;
    if (last) await submit();
    else setIndex(index + 1);
  };

  return (
    <DetailDialog
      title={t('gatewayDetail.wizard.title')}
      onClose={onClose}
      busy={phase !== 'form'}
      onSubmit={(e) => {
        e.preventDefault();
        if (phase === 'form') void next();
      }}
      actions={
        phase !== 'restart' && (
          <>
            <Button
              color="inherit"
              onClick={() => setIndex(index - 1)}
              disabled={index === 0 || phase === 'busy'}
            >
              {t('gatewayDetail.back')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={phase === 'busy'}
              startIcon={
                phase === 'busy' ? <CircularProgress size={16} color="inherit" /> : undefined
              }
            >
              {last ? t('gatewayDetail.wizard.finish') : t('gatewayDetail.wizard.next')}
            </Button>
          </>
        )
      }
    >
      <Stepper
        activeStep={phase === 'restart' ? steps.length : index}
        alternativeLabel
        sx={{ mb: 3, mt: 1 }}
      >
        {steps.map((s) => (
          <Step key={s}>
            <StepLabel>
              <WizardStepText step={s} part="label" />
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      {phase === 'restart' ? (
        <RestartWait ms={DETAIL_LIMITS.restartWaitMs} warn={kloudnx} onDone={finish} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            <WizardStepText step={step} part="text" />
          </Typography>
          {step !== 'info' && (
            <CredentialFields
              key={step}
              form={form}
              username={`${step}.username`}
              password={`${step}.password`}
              autoFocus
            />
          )}
        </>
      )}
    </DetailDialog>
  );
}
