import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface Props {
  gateways: readonly { mac: string; name: string }[];
  value: string;
  onChange: (mac: string) => void;
}

/** The project's kloudnx gateways (document 3 §2). */
export function GatewayPicker({ gateways, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('modbus.wizard.gateway')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 260, flex: '0 1 360px' }}
      slotProps={{ select: { displayEmpty: false } }}
    >
      {gateways.map((g) => (
        <MenuItem key={g.mac} value={g.mac}>
          {g.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
