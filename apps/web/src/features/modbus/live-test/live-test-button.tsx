import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import LiveIcon from '@mui/icons-material/SensorsOutlined';
import { useTranslation } from 'react-i18next';
import { modbusReadArgs } from '@atrium/contracts/modbus';
import { notify } from '../../../ui/snackbar';
import { LiveTestDialog } from './live-test-dialog';
import { useLiveRead } from './use-live-read';

interface Props {
  /** The data-saving gateway of the meter; empty when no meter or gateway is chosen. */
  mac: string | undefined;
  /** The meter's ip and port and the value's read spec, as the form holds them. */
  read: Record<string, unknown>;
  name: string;
  unit: string;
  /** An icon button (the wizard's value rows) rather than a text button (the form). */
  compact?: boolean;
}

/** Starts a live read of the form's value (document 3 §4, §5) and shows its answer. */
export function LiveTestButton({ mac, read, name, unit, compact = false }: Props) {
  const { t } = useTranslation();
  const live = useLiveRead();
  const start = () => {
    if (!mac) return notify.error('noGatewaySelected');
    const args = modbusReadArgs.safeParse(read);
    if (!args.success) return notify.error('invalidForm');
    live.start(mac, args.data);
  };
  const label = t('modbus.live.button');
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <IconButton size="small" aria-label={`${label} ${name}`} onClick={start}>
            <LiveIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="outlined" startIcon={<LiveIcon />} onClick={start}>
          {label}
        </Button>
      )}
      <LiveTestDialog
        state={live.state}
        name={name}
        unit={unit}
        onRetry={start}
        onClose={live.reset}
      />
    </>
  );
}
