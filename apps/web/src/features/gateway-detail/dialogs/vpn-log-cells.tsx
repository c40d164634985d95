import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VpnLogEntry, VpnReached } from '@atrium/contracts/vpn';
import { currentLocale } from '../../../lib/locale';
import { formatKiloBytes, formatParisDate } from '../model/vpn-format';

/** The parts of one session of the log, shared by the table (wide screens) and the list. */
export function useLogTexts() {
  const { t } = useTranslation();
  // The console language's locale (British English: dates day first, like French).
  const locale = currentLocale();
  const bytes = (count: number) =>
    formatKiloBytes(count, locale) ??
    t('gatewayDetail.vpnLog.bytes', { value: count.toLocaleString(locale) });
  const reasons: Record<NonNullable<VpnLogEntry['closeReason']>, string> = {
    disconnected: t('gatewayDetail.vpnLog.reasonDisconnected'),
    expired: t('gatewayDetail.vpnLog.reasonExpired'),
    replaced: t('gatewayDetail.vpnLog.reasonReplaced'),
  };
  return {
    date: (ms: number) => formatParisDate(ms, locale, 'short'),
    reason: (entry: VpnLogEntry) => (entry.closeReason ? reasons[entry.closeReason] : null),
    received: (entry: VpnLogEntry) =>
      t('gatewayDetail.vpnLog.received', { value: bytes(entry.bytesIn) }),
    sent: (entry: VpnLogEntry) => t('gatewayDetail.vpnLog.sent', { value: bytes(entry.bytesOut) }),
  };
}

/** When and why the session ended, or that it is still open. */
export function ClosedValue({ entry }: { entry: VpnLogEntry }) {
  const { t } = useTranslation();
  const texts = useLogTexts();
  if (entry.closedAt === null) {
    return <Chip size="small" color="success" label={t('gatewayDetail.vpnLog.ongoing')} />;
  }
  const reason = texts.reason(entry);
  return (
    <Box component="span" sx={{ display: 'grid' }}>
      <span>{texts.date(entry.closedAt)}</span>
      {reason && (
        <Typography component="span" variant="caption" color="text.secondary">
          {reason}
        </Typography>
      )}
    </Box>
  );
}

/** What the session reached through the tunnel, as chips; or that the tunnel never came up. */
export function ReachedChips({ entry }: { entry: VpnLogEntry }) {
  const { t } = useTranslation();
  const labels: Record<VpnReached, string> = {
    http: t('gatewayDetail.vpnLog.reachedHttp'),
    ets: t('gatewayDetail.vpnLog.reachedEts'),
    custom: t('gatewayDetail.vpnLog.reachedCustom'),
  };
  if (entry.connectedAt === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('gatewayDetail.vpnLog.neverConnected')}
      </Typography>
    );
  }
  if (entry.reached.length === 0) return <>—</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      {entry.reached.map((what) => (
        <Chip key={what} size="small" variant="outlined" label={labels[what]} />
      ))}
    </Box>
  );
}

/** Bytes from and to the gateway, in the console's language. */
export function TrafficValue({ entry }: { entry: VpnLogEntry }) {
  const texts = useLogTexts();
  return (
    <Box component="span" sx={{ display: 'grid', fontVariantNumeric: 'tabular-nums' }}>
      <span>{texts.received(entry)}</span>
      <span>{texts.sent(entry)}</span>
    </Box>
  );
}
