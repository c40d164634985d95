import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeartOutlined';
import { useTranslation } from 'react-i18next';
import { MonitoredAddressesDialog } from './monitored-addresses-dialog';
import { projectQuery } from '../../lib/api/project-query';

interface Props {
  gateway: { mac: string; name: string; project: string | null };
}

/** The dialog, with the names of the project's gateways for "recorded by …". */
function GatewayDialog({
  gateway,
  projectId,
  onClose,
}: Props & { projectId: string; onClose: () => void }) {
  const project = useQuery(projectQuery(projectId));
  const names = new Map((project.data?.gateways ?? []).map((g) => [g.mac, g.name]));
  return <MonitoredAddressesDialog gateway={gateway} gatewayNames={names} onClose={onClose} />;
}

/** The gateway table's "monitoring" button: opens the monitored-addresses dialog of one gateway. */
export function GatewayMonitoringButton({ gateway }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('monitoring.addresses.openFor', { name: gateway.name });
  const projectId = gateway.project;
  if (!projectId) return null;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
        >
          <MonitorHeartIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <span onClick={(e) => e.stopPropagation()}>
          <GatewayDialog gateway={gateway} projectId={projectId} onClose={() => setOpen(false)} />
        </span>
      )}
    </>
  );
}
