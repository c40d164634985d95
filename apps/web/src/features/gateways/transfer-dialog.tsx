import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatMac, type GatewayItem } from '@atrium/contracts/gateway';
import { notify } from '../../ui/snackbar';
import { gatewaysApi, useProjectGateways } from './gateways-api';
import { notifyHubError } from './hub-error';

interface Props {
  source: Pick<GatewayItem, 'mac' | 'name' | 'type'>;
  projectId: string;
  onClose: () => void;
}

const label = (gw: Pick<GatewayItem, 'mac' | 'name'>) => `${gw.name} (${formatMac(gw.mac)})`;

/** Transfer configuration: read-only source, a required target of the same type (spec §2). */
export function TransferDialog({ source, projectId, onClose }: Props) {
  const { t } = useTranslation();
  const gateways = useProjectGateways(projectId);
  const targets = (gateways.data ?? []).filter(
    (gw) => gw.type === source.type && gw.mac !== source.mac,
  );
  const [target, setTarget] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setTouched(true);
    if (!target) return;
    setBusy(true);
    try {
      await gatewaysApi.transferConfig(source.mac, target);
      notify.success('success');
      onClose();
    } catch (error) {
      notifyHubError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby="transfer-title"
      slotProps={{ paper: { sx: { width: 575, maxWidth: '90vw' } } }}
    >
      <DialogTitle id="transfer-title">{t('transfer.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('transfer.hint')}</DialogContentText>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('transfer.source')}
            value={label(source)}
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            select
            required
            label={t('transfer.target')}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !target}
            helperText={
              targets.length === 0 && gateways.isSuccess
                ? t('transfer.noTarget')
                : touched && !target
                  ? t('requiredField')
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
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || !target}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
