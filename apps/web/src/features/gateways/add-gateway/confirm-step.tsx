import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@atrium/contracts/gateway';
import type { AddPlan } from './add-gateway-plan';
import { SubmitButton } from '../../../ui/submit-button';

interface Props {
  plan: AddPlan;
  mac: string;
  sn: string;
  name: string;
  initNow: boolean;
  busy: boolean;
  onInitNowChange: (initNow: boolean) => void;
  onBack: () => void;
  onFinish: () => void;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        justifyContent: 'space-between',
        columnGap: 2,
        py: 0.5,
      }}
    >
      <Typography color="text.secondary" variant="body2" sx={{ pt: { sm: 0.25 } }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{value}</Typography>
    </Box>
  );
}

/** Step 3: summary, then start the initialisation now or later. */
export function ConfirmStep(props: Props) {
  const { t } = useTranslation();
  const { plan } = props;
  return (
    <Stack spacing={2}>
      {plan.kind === 'inProject' && (
        <Typography color="text.secondary">{t('addGateway.alreadyInProject')}</Typography>
      )}
      <Box sx={{ bgcolor: 'background.default', borderRadius: 2, px: 2, py: 1 }}>
        <Row label={t('addGateway.name')} value={props.name} />
        <Row label={t('addGateway.mac')} value={formatMac(props.mac)} />
        <Row label={t('addGateway.sn')} value={props.sn} />
      </Box>
      <Box>
        <FormLabel id="init-now-label" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {t('addGateway.initQuestion')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="init-now-label"
          value={props.initNow ? 'now' : 'later'}
          onChange={(e) => props.onInitNowChange(e.target.value === 'now')}
        >
          <FormControlLabel value="now" control={<Radio />} label={t('addGateway.startNow')} />
          <FormControlLabel value="later" control={<Radio />} label={t('addGateway.startLater')} />
        </RadioGroup>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Button onClick={props.onBack} color="inherit" disabled={props.busy}>
          {t('addGateway.back')}
        </Button>
        <SubmitButton size="medium" pending={props.busy} onClick={props.onFinish}>
          {plan.kind === 'inProject' ? t('addGateway.finish') : t('addGateway.add')}
        </SubmitButton>
      </Box>
    </Stack>
  );
}
