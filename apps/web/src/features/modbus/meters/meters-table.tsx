import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ModbusMeter } from '@atrium/contracts/modbus';
import { RowActions } from '../row-actions';

const ADDRESS = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

// Narrow cell padding: the list keeps every column beside the side panel.
const DENSE = { '& td, & th': { px: 1 }, '& td:first-of-type, & th:first-of-type': { pl: 2 } };

interface Props {
  meters: readonly ModbusMeter[];
  /** Gateway name by MAC. */
  gatewayNames: ReadonlyMap<string, string>;
  /** Narrow (phone, or beside the form): the address goes under the name, no gateway column. */
  compact: boolean;
  /** Without the right to change the project: no switch, no actions. */
  readOnly: boolean;
  onToggle: (meter: ModbusMeter) => void;
  onEdit: (meter: ModbusMeter) => void;
  onDuplicate: (meter: ModbusMeter) => void;
  onDelete: (meter: ModbusMeter) => void;
}

/** The meters list (document 3 §2): name, IP:port, enabled toggle, edit/duplicate/delete. */
export function MetersTable({ meters, gatewayNames, compact, readOnly, ...on }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={DENSE} aria-label={t('modbus.meters.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('modbus.meter.name')}</TableCell>
            {!compact && <TableCell>{t('modbus.meters.address')}</TableCell>}
            {!compact && <TableCell>{t('modbus.wizard.gateway')}</TableCell>}
            <TableCell>{t('modbus.meter.enabled')}</TableCell>
            {!readOnly && <TableCell align="right">{t('modbus.actions.title')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {meters.map((meter) => (
            <TableRow key={meter.id} hover>
              <TableCell sx={{ minWidth: 140 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                  {meter.name}
                </Typography>
                {compact && (
                  <Typography variant="body2" color="text.secondary" sx={ADDRESS}>
                    {meter.network.ip}:{meter.network.port}
                  </Typography>
                )}
              </TableCell>
              {!compact && (
                <TableCell sx={ADDRESS}>
                  {meter.network.ip}:{meter.network.port}
                </TableCell>
              )}
              {!compact && (
                <TableCell>
                  <Typography variant="body2" color="text.secondary">
                    {gatewayNames.get(meter.gatewayMac) ?? meter.gatewayMac}
                  </Typography>
                </TableCell>
              )}
              <TableCell>
                <Switch
                  size="small"
                  checked={meter.enabled}
                  disabled={readOnly}
                  onChange={() => on.onToggle(meter)}
                  slotProps={{
                    input: { 'aria-label': `${t('modbus.meter.enabled')} ${meter.name}` },
                  }}
                />
              </TableCell>
              {!readOnly && (
                <TableCell align="right">
                  <RowActions
                    name={meter.name}
                    onEdit={() => on.onEdit(meter)}
                    onDuplicate={() => on.onDuplicate(meter)}
                    onDelete={() => on.onDelete(meter)}
                  />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
