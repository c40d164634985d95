import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { VpnLogEntry } from '@atrium/contracts/vpn';
import { vpnLogQuery } from '../api/vpn-queries';
import { DetailDialog } from './detail-dialog';
import { SessionEndValue } from './session-end-value';
import { ValueRows } from './value-rows';
import { ClosedValue, ReachedChips, TrafficValue, useLogTexts } from './vpn-log-cells';

/** Six columns need more than the typical 575 px; phones get a list instead. */
const LOG_WIDTH_PX = 960;

/** The remote access log of a gateway: who opened which session, what it reached. */
export function VpnLogDialog({ mac, onClose }: { mac: string; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const log = useQuery(vpnLogQuery(mac));
  return (
    <DetailDialog title={t('gatewayDetail.vpnLog.title')} onClose={onClose} width={LOG_WIDTH_PX}>
      {log.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : log.isError ? (
        <Alert severity="error">{t('dataNotLoaded')}</Alert>
      ) : log.data.length === 0 ? (
        <Typography color="text.secondary">{t('gatewayDetail.vpnLog.empty')}</Typography>
      ) : phone ? (
        <LogList items={log.data} />
      ) : (
        <LogTable items={log.data} />
      )}
    </DetailDialog>
  );
}

function LogTable({ items }: { items: VpnLogEntry[] }) {
  const { t } = useTranslation();
  const texts = useLogTexts();
  const head = [
    t('gatewayDetail.vpnLog.openedBy'),
    t('gatewayDetail.vpnLog.openedAt'),
    t('gatewayDetail.vpnLog.until'),
    t('gatewayDetail.vpnLog.closedAt'),
    t('gatewayDetail.vpnLog.reached'),
    t('gatewayDetail.vpnLog.traffic'),
  ];
  return (
    <TableContainer>
      <Table size="small" aria-label={t('gatewayDetail.vpnLog.title')}>
        <TableHead>
          <TableRow>
            {head.map((label) => (
              <TableCell key={label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((entry) => (
            <TableRow key={entry._id} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.openedBy}</TableCell>
              <TableCell>{texts.date(entry.openedAt)}</TableCell>
              <TableCell>
                <SessionEndValue until={entry.until} format="short" />
              </TableCell>
              <TableCell>
                <ClosedValue entry={entry} />
              </TableCell>
              <TableCell>
                <ReachedChips entry={entry} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <TrafficValue entry={entry} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** On phones: one card per session, labels beside values. */
function LogList({ items }: { items: VpnLogEntry[] }) {
  const { t } = useTranslation();
  const texts = useLogTexts();
  return (
    <Box component="ul" aria-label={t('gatewayDetail.vpnLog.title')} sx={{ p: 0, m: 0 }}>
      {items.map((entry) => (
        <Paper
          key={entry._id}
          component="li"
          variant="outlined"
          sx={{ listStyle: 'none', p: 1.5, mb: 1 }}
        >
          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
            {entry.openedBy}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {texts.date(entry.openedAt)}
          </Typography>
          <ValueRows
            rows={[
              {
                label: t('gatewayDetail.vpnLog.until'),
                value: <SessionEndValue until={entry.until} format="short" />,
              },
              { label: t('gatewayDetail.vpnLog.closedAt'), value: <ClosedValue entry={entry} /> },
              { label: t('gatewayDetail.vpnLog.reached'), value: <ReachedChips entry={entry} /> },
              { label: t('gatewayDetail.vpnLog.traffic'), value: <TrafficValue entry={entry} /> },
            ]}
          />
        </Paper>
      ))}
    </Box>
  );
}
