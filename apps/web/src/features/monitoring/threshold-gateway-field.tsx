import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { GatewaySummary } from '@atrium/contracts/project';
import { gatewayBlock } from './threshold-form';

interface Props {
  gateways: readonly GatewaySummary[];
  value: string;
  error: string | undefined;
  onChange: (mac: string) => void;
}

/**
 * The project's gateways; those whose type or firmware cannot evaluate thresholds are shown
 * disabled, with the firmware minimum under their name and in a tooltip.
 */
export function ThresholdGatewayField({ gateways, value, error, onChange }: Props) {
  const { t } = useTranslation();
  const names = new Map(gateways.map((g) => [g.mac, g.name]));
  return (
    <TextField
      select
      size="small"
      label={t('monitoring.thresholds.gateway')}
      value={names.has(value) ? value : ''}
      onChange={(e) => {
        const picked = gateways.find((g) => g.mac === e.target.value);
        // A disabled item still takes clicks (for its tooltip): it is not picked.
        if (picked && !gatewayBlock(picked)) onChange(picked.mac);
      }}
      error={!!error}
      helperText={error ? t(error) : ' '}
      slotProps={{ select: { renderValue: (mac) => names.get(String(mac)) ?? '' } }}
    >
      {gateways.map((g) => {
        const block = gatewayBlock(g);
        const why = block ? t(block.messageKey, block.values) : '';
        const version = g.version ? ` · ${g.version}` : '';
        return (
          <MenuItem
            key={g.mac}
            value={g.mac}
            disabled={!!block}
            aria-disabled={!!block}
            sx={{ '&.Mui-disabled': { pointerEvents: 'auto' } }}
          >
            <Tooltip title={why} placement="bottom-start" describeChild>
              <ListItemText
                primary={g.name}
                secondary={why || `${t(`gatewayType.${g.type}`)}${version}`}
              />
            </Tooltip>
          </MenuItem>
        );
      })}
    </TextField>
  );
}
