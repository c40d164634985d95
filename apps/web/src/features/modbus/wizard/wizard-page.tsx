import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../ui/snackbar';
import { PageHeader } from '../../../ui/page-header';
import { gatewayNamesQuery } from '../api/modbus-api';
import { dataGateways } from '../modbus-lists';
import { useModbusProject } from '../use-modbus-project';
import { ModbusStep } from './modbus-step';
import { NetworkStep } from './network-step';

/** projects/modbus-configuration/:id, the project's Modbus wizard (document 3 §2). */
export function ModbusConfigurationPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const [step, setStep] = useState<0 | 1>(0);
  const [startWithNewCard, setStartWithNewCard] = useState(false);
  const { project, canEdit } = useModbusProject(id);
  const names = useQuery({ ...gatewayNamesQuery(id), enabled: id !== '' });

  useEffect(() => {
    if (!id) notify.error('idNotFound');
  }, [id]);
  // Document 3 §8: the server's error code when the gateways cannot be read.
  const namesError = names.error;
  useEffect(() => {
    if (namesError) notify.apiError(namesError);
  }, [namesError]);

  return (
    <>
      <PageHeader
        title={t('modbus.wizard.title')}
        subtitle={project?.name}
        backTo={
          id
            ? { to: `/projects/${encodeURIComponent(id)}`, label: t('modbus.nav.back') }
            : undefined
        }
      />
      <Stepper activeStep={step} sx={{ mb: 3, maxWidth: 520 }}>
        <Step>
          <StepLabel>{t('modbus.wizard.stepNetwork')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('modbus.wizard.stepModbus')}</StepLabel>
        </Step>
      </Stepper>
      {!id && (
        <Alert severity="error" role="status">
          {t('idNotFound')}
        </Alert>
      )}
      {id && step === 0 && (
        <NetworkStep
          onNewNetwork={() => {
            setStartWithNewCard(true);
            setStep(1);
          }}
          onNext={() => setStep(1)}
        />
      )}
      {id && step === 1 && (
        <Box>
          {names.isPending ? (
            <Skeleton variant="rounded" height={120} />
          ) : (
            <ModbusStep
              gateways={dataGateways(names.data ?? [])}
              startWithNewCard={startWithNewCard}
              readOnly={!canEdit}
              onBack={() => setStep(0)}
            />
          )}
        </Box>
      )}
    </>
  );
}
