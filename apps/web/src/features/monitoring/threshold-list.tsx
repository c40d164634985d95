import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { Threshold } from '@atrium/contracts/alerts';
import { formatMac } from '@atrium/contracts/gateway';
import { valueIdOf } from '@atrium/contracts/graph';
import type { ModbusMeasurement } from './api/graph-api';
import { conditionText } from './threshold-text';

interface Props {
  thresholds: readonly Threshold[];
  gatewayNames: ReadonlyMap<string, string>;
  /** ETS names by address. */
  etsNames: ReadonlyMap<string, string>;
  /** The project's Modbus values by `modbus:{id}`: a rule on one shows its name and unit. */
  modbusValues: ReadonlyMap<string, ModbusMeasurement>;
  canEdit: boolean;
  busy: boolean;
  onEdit: (rule: Threshold) => void;
  onDelete: (rule: Threshold) => void;
  onSwitch: (rule: Threshold, enabled: boolean) => void;
}

/** The project's thresholds: what each watches and tests, and its switch (read-only for viewers). */
export function ThresholdList(props: Props) {
  const { thresholds, gatewayNames, etsNames, modbusValues, canEdit, busy, ...on } = props;
  const { t, i18n } = useTranslation();
  if (thresholds.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {t('monitoring.thresholds.empty')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ display: 'grid', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
      {thresholds.map((rule) => {
        const gateway = gatewayNames.get(rule.gateway) ?? formatMac(rule.gateway);
        const modbus = modbusValues.get(rule.address);
        const where =
          valueIdOf(rule.address) === null
            ? [rule.address, etsNames.get(rule.address), gateway]
            : [modbus?.name ?? t('monitoring.thresholds.modbusValue'), gateway];
        return (
          <Paper
            key={rule._id}
            component="li"
            variant="outlined"
            data-testid="threshold-row"
            sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          >
            <Box sx={{ flex: '1 1 240px', minWidth: 0, opacity: rule.enabled ? 1 : 0.6 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {rule.name}
                </Typography>
                <Chip
                  size="small"
                  color={rule.enabled ? 'primary' : 'default'}
                  variant="outlined"
                  label={
                    modbus
                      ? conditionText(rule, i18n.language, t, modbus.unit)
                      : conditionText(rule, i18n.language, t)
                  }
                />
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {where.filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto' }}>
              <Switch
                checked={rule.enabled}
                disabled={!canEdit || busy}
                onChange={(e) => on.onSwitch(rule, e.target.checked)}
                slotProps={{
                  input: { 'aria-label': t('monitoring.thresholds.enable', { name: rule.name }) },
                }}
              />
              {canEdit && (
                <>
                  <IconButton
                    aria-label={t('monitoring.thresholds.edit', { name: rule.name })}
                    disabled={busy}
                    onClick={() => on.onEdit(rule)}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('monitoring.thresholds.delete', { name: rule.name })}
                    disabled={busy}
                    onClick={() => on.onDelete(rule)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              )}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
