import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import { useTranslation } from 'react-i18next';
import { formatMac, type GatewayDetails } from '@atrium/contracts/gateway';
import { formatDateTime } from '../../../lib/dates';
import { formatPower } from '../model/info-format';
import { CopyValue } from './copy-value';
import { OfflineWarning } from './offline-warning';
import { ServiceState } from './service-state';
import { SinceValue } from './since-value';

interface Props {
  mac: string;
  details: GatewayDetails | undefined;
  virtual: boolean;
  onReboot: (() => void) | null;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow sx={{ height: 50 }}>
      <TableCell
        component="th"
        scope="row"
        sx={{ color: 'text.secondary', width: { xs: '42%', sm: '38%' }, verticalAlign: 'middle' }}
      >
        {label}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{children}</TableCell>
    </TableRow>
  );
}

/** The info table of the detail screen, every row of spec §2. */
export function InfoTable({ mac, details: d, virtual, onReboot }: Props) {
  const { t, i18n } = useTranslation();
  const online = d?.online ?? null;
  const offline = online === false;
  const virtualLabel = (
    <Chip size="small" label={t('gatewayDetail.info.virtual')} sx={{ fontWeight: 600 }} />
  );
  const value = (render: (details: GatewayDetails) => ReactNode) =>
    virtual ? virtualLabel : d ? render(d) : <Typography color="text.disabled">…</Typography>;
  const warning = (title: string) => offline && <OfflineWarning title={title} />;

  return (
    <Table
      size="small"
      aria-label={t('gatewayDetail.info.tableLabel')}
      sx={{ '& td, & th': { py: 1.25, px: { xs: 1, sm: 2 } } }}
    >
      <TableBody>
        <Row label={t('gatewayDetail.info.service')}>
          <ServiceState online={online} onReboot={onReboot} protect={d?.protect ?? false} />
        </Row>
        <Row
          label={t(offline ? 'gatewayDetail.info.offlineSince' : 'gatewayDetail.info.onlineSince')}
        >
          {value((x) => (
            <SinceValue online={x.online} since={x.online ? x.lastOnline : x.lastConnection} />
          ))}
        </Row>
        <Row label={t('gatewayDetail.info.mac')}>
          <CopyValue value={formatMac(mac)} label={t('gatewayDetail.info.mac')} />
        </Row>
        <Row label={t('gatewayDetail.info.ip')}>
          {value((x) =>
            x.ip ? (
              <CopyValue value={x.ip} label={t('gatewayDetail.info.ip')}>
                {warning(t('gatewayDetail.info.offlineWarning'))}
              </CopyValue>
            ) : (
              '—'
            ),
          )}
        </Row>
        <Row label={t('gatewayDetail.info.power')}>
          {value((x) => (
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPower(x.volt, x.busload, i18n.language)}
            </Typography>
          ))}
        </Row>
        <Row label={t('gatewayDetail.info.protection')}>
          {value((x) => (
            <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
              {x.protect ? (
                <LockIcon fontSize="small" color="warning" />
              ) : (
                <LockOpenIcon fontSize="small" color="action" />
              )}
              <Typography variant="body2">
                {t(x.protect ? 'gatewayDetail.info.locked' : 'gatewayDetail.info.unlocked')}
              </Typography>
              {warning(t('gatewayDetail.info.offlineWarning'))}
            </Box>
          ))}
        </Row>
        <Row label={t('gatewayDetail.info.lastVpn')}>
          {value((x) =>
            x.vpn.online ? (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                label={t('gatewayDetail.info.vpnOpen')}
              />
            ) : x.vpn.lastConnection ? (
              formatDateTime(x.vpn.lastConnection)
            ) : (
              t('gatewayDetail.info.vpnNever')
            ),
          )}
        </Row>
      </TableBody>
    </Table>
  );
}
