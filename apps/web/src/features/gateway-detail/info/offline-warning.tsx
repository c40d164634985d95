import Tooltip from '@mui/material/Tooltip';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';

/** The orange sign that a value was read before the gateway went offline (spec §2). */
export function OfflineWarning({ title }: { title: string }) {
  return (
    <Tooltip title={title}>
      <WarningAmberIcon
        color="warning"
        role="img"
        aria-label={title}
        sx={{ fontSize: 18, verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}
