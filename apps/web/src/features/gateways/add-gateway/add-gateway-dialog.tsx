import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@atrium/contracts/limits';
import { escapeHtml } from '../../../lib/html';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import {
  ADD_STEPS,
  planAdd,
  stepAfterLookup,
  type AddPlan,
  type AddStep,
} from './add-gateway-plan';
import { ConfirmStep } from './confirm-step';
import { MethodStep } from './method-step';
import { NameStep } from './name-step';
import { useAddGateway } from './use-add-gateway';

interface Props {
  projectId: string;
  onClose: () => void;
}

interface Identified {
  mac: string;
  sn: string;
  plan: AddPlan;
}

/** The add-gateway stepper (spec §2 and §4); horizontal from 550 px wide. */
export function AddGatewayDialog({ projectId, onClose }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const horizontal = useMediaQuery(`(min-width:${LIMITS.stepperHorizontalPx}px)`);
  const calls = useAddGateway(projectId);
  const [step, setStep] = useState<AddStep>('method');
  const [gateway, setGateway] = useState<Identified | null>(null);
  const [name, setName] = useState('');
  const [initNow, setInitNow] = useState(true);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const askMove = (plan: Extract<AddPlan, { kind: 'move' }>) =>
    confirm({
      title: t('addGateway.moveTitle'),
      message: plan.from
        ? t('addGateway.moveFromProject', {
            name: escapeHtml(plan.name),
            project: escapeHtml(plan.from.name),
          })
        : t('addGateway.moveNoProject', { name: escapeHtml(plan.name) }),
      confirmLabel: t('addGateway.move'),
    });

  const identify = (found: { mac: string; sn: string }) =>
    run(async () => {
      const reply = await calls.lookup(found.mac, found.sn);
      if (!reply) return;
      const plan = planAdd(reply, projectId);
      if (plan.kind === 'move' && !(await askMove(plan))) return;
      setGateway({ ...found, plan });
      setName(plan.kind === 'claim' ? plan.suggestedName : plan.name);
      setStep(stepAfterLookup(plan));
    });

  const addDemo = () =>
    run(async () => {
      if (await calls.addDemo()) onClose();
    });

  const finish = () =>
    run(async () => {
      if (!gateway) return;
      if (await calls.finish({ ...gateway, name, initNow })) onClose();
    });

  const back = () =>
    setStep(step === 'confirm' && gateway?.plan.kind === 'claim' ? 'name' : 'method');

  const content: Record<AddStep, ReactNode> = {
    method: (
      <MethodStep
        busy={busy}
        onIdentified={(g) => void identify(g)}
        onDemo={() => void addDemo()}
      />
    ),
    name: (
      <NameStep
        initialName={name}
        onBack={back}
        onNamed={(value) => {
          setName(value);
          setStep('confirm');
        }}
      />
    ),
    confirm: gateway && (
      <ConfirmStep
        plan={gateway.plan}
        mac={gateway.mac}
        sn={gateway.sn}
        name={name}
        initNow={initNow}
        busy={busy}
        onInitNowChange={setInitNow}
        onBack={back}
        onFinish={() => void finish()}
      />
    ),
  };
  const active = ADD_STEPS.indexOf(step);

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby="add-gateway-title"
      slotProps={{ paper: { sx: { width: 575, maxWidth: '95vw', m: { xs: 1.5, sm: 4 } } } }}
    >
      <DialogTitle id="add-gateway-title" sx={{ pr: 6 }}>
        {t('addGateway.title')}
        <IconButton
          aria-label={t('dialog.close')}
          onClick={onClose}
          disabled={busy}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stepper
          activeStep={active}
          orientation={horizontal ? 'horizontal' : 'vertical'}
          alternativeLabel={horizontal}
          sx={{ mb: horizontal ? 3 : 0, mt: 1 }}
        >
          {ADD_STEPS.map((id) => (
            <Step key={id}>
              <StepLabel>{t(`addGateway.steps.${id}`)}</StepLabel>
              {!horizontal && <StepContent>{id === step && content[id]}</StepContent>}
            </Step>
          ))}
        </Stepper>
        {horizontal && <Box>{content[step]}</Box>}
      </DialogContent>
    </Dialog>
  );
}
