import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMac, type GatewayItem } from '@atrium/contracts/gateway';
import { projectGatewaysQuery } from '../../../lib/api/project-gateways-query';
import { notify } from '../../../ui/snackbar';
import { gatewayCommands } from '../api/gateway-commands';
import { useGatewayCommand } from '../api/use-gateway-command';
import { DetailDialog } from './detail-dialog';
import { SubmitButton } from '../../../ui/submit-button';

interface Props {
  source: Pick<GatewayItem, 'mac' | 'name' | 'type'>;
  projectId: string;
  onClose: () => void;
}

const label = (gw: Pick<GatewayItem, 'mac' | 'name'>) => `${gw.name} (${formatMac(gw.mac)})`;

/** Transfer configuration (virtual klocknx): a read-only source and a required target (spec §2, §5). */
export function TransferConfigDialog({ source, projectId, onClose }: Props) {
  const { t } = useTranslation();
  const gateways = useQuery(projectGatewaysQuery(projectId));
  const targets = (gateways.data ?? []).filter(
    (gw) => gw.type === source.type && gw.mac !== source.mac,
  );
  const [target, setTarget] = useState('');
  const [touched, setTouched] = useState(false);
  const transfer = useGatewayCommand(
    (to: string) => gatewayCommands.transferConfig(source.mac, to),
    () => {
      notify.success('success');
      onClose();
    },
  );
  const busy = transfer.isPending;

  const submit = () => {
    setTouched(true);
    if (target) transfer.mutate(target);
  };

  return (
    <DetailDialog
      title={t('gatewayDetail.actions.transfer')}
      onClose={onClose}
      busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      actions={
        <>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <SubmitButton size="medium" pending={busy}>
            {t('dialog.confirm')}
          </SubmitButton>
        </>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('gatewayDetail.transfer.hint')}
      </Typography>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          label={t('gatewayDetail.transfer.source')}
          value={label(source)}
          slotProps={{ input: { readOnly: true } }}
        />
        <TextField
          select
          required
          label={t('gatewayDetail.transfer.target')}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !target}
          helperText={
            touched && !target
              ? t('requiredField')
              : targets.length === 0 && gateways.isSuccess
                ? t('gatewayDetail.transfer.noTarget')
                : ' '
          }
        >
          {targets.map((gw) => (
            <MenuItem key={gw.mac} value={gw.mac}>
              {label(gw)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </DetailDialog>
  );
}
