import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { Threshold } from '@atrium/contracts/alerts';
import type { GatewaySummary } from '@atrium/contracts/project';
import { useConfirm } from '../../ui/dialogs/dialog-context';
import { SubmitButton } from '../../ui/submit-button';
import { DialogHeader } from '../../ui/dialog-header';
import { graphModbusQuery } from './api/graph-api';
import { etsAddressesQuery, thresholdsQuery } from './api/monitoring-api';
import {
  canAddThreshold,
  emptyForm,
  formOf,
  gatewayBlock,
  listSwitched,
  listWith,
  listWithout,
  thresholdErrors,
  thresholdOf,
  type ThresholdErrors,
  type ThresholdForm,
} from './threshold-form';
import { ThresholdFormPanel } from './threshold-form-panel';
import { ThresholdList } from './threshold-list';
import { useSaveThresholds } from './use-save-thresholds';

interface Props {
  project: { _id: string; name: string };
  gateways: readonly GatewaySummary[];
  canEdit: boolean;
  onClose: () => void;
}

/**
 * Thresholds dialog (spec document 2 §2 dialog 4, §5): the project's alert rules, and a form
 * to add or change one. Every change sends the whole list.
 */
export function ThresholdsDialog({ project, gateways, canEdit, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const query = useQuery(thresholdsQuery(project._id));
  const ets = useQuery(etsAddressesQuery(project._id));
  // Only a kloudnx reads Modbus meters: their values may carry thresholds too.
  const modbus = useQuery({
    ...graphModbusQuery(project._id),
    enabled: gateways.some((g) => g.type === 'kloudnx'),
  });
  const [form, setForm] = useState<ThresholdForm | null>(null);
  const [tried, setTried] = useState(false);
  // What the contract refused although no field explains it (invalidForm).
  const [refused, setRefused] = useState<string | undefined>();
  const saving = useSaveThresholds(project._id);
  const busy = saving.isPending;
  const list = query.data?.thresholds ?? [];
  const max = query.data?.maxThresholds ?? 0;
  const canAdd = canAddThreshold(list.length, max);
  const names = new Map(gateways.map((g) => [g.mac, g.name]));
  const etsNames = new Map((ets.data ?? []).map((a) => [a.address, a.name]));
  const modbusValues = new Map((modbus.data ?? []).map((m) => [m.measurement, m]));
  const noGatewayAllowed = gateways.every((g) => gatewayBlock(g) !== null);

  const open = (next: ThresholdForm) => {
    setForm(next);
    setTried(false);
    setRefused(undefined);
  };
  const save = () => {
    if (!form) return;
    setTried(true);
    const result = thresholdOf(form, gateways);
    if (!result.ok) return setRefused(result.errors.form);
    saving.mutate(listWith(list, result.threshold), { onSuccess: () => setForm(null) });
  };
  const remove = async (rule: Threshold) => {
    const ok = await confirm({
      title: t('monitoring.thresholds.deleteTitle'),
      message: t('monitoring.thresholds.deleteMessage', { name: rule.name }),
      confirmLabel: t('monitoring.thresholds.deleteConfirm'),
    });
    if (ok) saving.mutate(listWithout(list, rule._id));
  };
  const errors: ThresholdErrors | null =
    form && tried
      ? { ...thresholdErrors(form, gateways), ...(refused && { form: refused }) }
      : null;
  const closeAll = () => !busy && onClose();

  return (
    <Dialog
      open
      onClose={closeAll}
      fullScreen={fullScreen}
      aria-labelledby="thresholds-dialog-title"
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 720, maxWidth: '95vw' } } }}
    >
      <DialogHeader
        id="thresholds-dialog-title"
        title={t('monitoring.thresholds.title')}
        subtitle={project.name}
        onClose={closeAll}
      />
      <DialogContent dividers sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
        {query.isPending && <Skeleton variant="rounded" height={160} />}
        {query.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
        {query.data && !form && (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
                {t('monitoring.thresholds.hint')}
              </Typography>
              <Typography variant="body2" data-testid="thresholds-count">
                {t('monitoring.thresholds.counter', { used: list.length, max })}
              </Typography>
            </Box>
            {canEdit && noGatewayAllowed && (
              <Alert severity="info">{t('monitoring.thresholds.noGateway')}</Alert>
            )}
            <ThresholdList
              thresholds={list}
              gatewayNames={names}
              etsNames={etsNames}
              modbusValues={modbusValues}
              canEdit={canEdit}
              busy={busy}
              onEdit={(rule) => open(formOf(rule, i18n.language))}
              onDelete={(rule) => void remove(rule)}
              onSwitch={(rule, enabled) => saving.mutate(listSwitched(list, rule._id, enabled))}
            />
          </>
        )}
        {form && (
          <>
            <Typography sx={{ fontWeight: 600 }}>
              {t(form._id ? 'monitoring.thresholds.editTitle' : 'monitoring.thresholds.addTitle')}
            </Typography>
            <ThresholdFormPanel
              form={form}
              onChange={(next) => {
                setForm(next);
                setRefused(undefined);
              }}
              errors={errors}
              gateways={gateways}
              ets={ets.data ?? []}
              etsLoading={ets.isPending}
              modbus={modbus.data ?? []}
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        {form ? (
          <>
            <Button color="inherit" onClick={() => setForm(null)} disabled={busy}>
              {t('dialog.cancel')}
            </Button>
            <SubmitButton size="medium" pending={busy} onClick={save}>
              {t('dialog.save')}
            </SubmitButton>
          </>
        ) : (
          <>
            {canEdit && query.data && (
              <Tooltip title={canAdd ? '' : t('thresholdsLimit', { max })}>
                <span style={{ marginRight: 'auto' }}>
                  <Button
                    startIcon={<AddIcon />}
                    disabled={!canAdd || busy}
                    onClick={() => open(emptyForm(gateways))}
                  >
                    {t('monitoring.thresholds.add')}
                  </Button>
                </span>
              </Tooltip>
            )}
            <Button variant="contained" onClick={onClose} disabled={busy}>
              {t('dialog.close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
