import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import HelpIcon from '@mui/icons-material/HelpOutline';
import LanIcon from '@mui/icons-material/LanOutlined';
import { useTranslation } from 'react-i18next';
import type { EtsPortReply } from '@atrium/contracts/vpn';
import { errorMessageKey } from '../../../lib/api/error-key';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { notify } from '../../../ui/snackbar';
import { SubmitButton } from '../../../ui/submit-button';
import { etsPortQuery, vpnCalls, vpnStatusQuery } from '../api/vpn-queries';
import { CopyValue } from '../info/copy-value';
import { vpnOnline } from '../model/vpn-session';
import { DetailDialog } from './detail-dialog';
import { EtsHelp } from './ets-help';
import { SessionEndValue } from './session-end-value';
import { NeedsRemoteAlert } from './needs-remote-alert';
import { ValueRows } from './value-rows';

interface Props {
  mac: string;
  onClose: () => void;
  /** ETS goes through the remote connection: offered when none is online. */
  onNeedsRemote: () => void;
}

/**
 * ETS connection (spec §2, §4): on an online remote connection, asks for a KNXnet/IP TCP port,
 * polls it every 1 s until the tunnel's node opened it, then shows server and port to copy.
 */
export function EtsDialog({ mac, onClose, onNeedsRemote }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(vpnStatusQuery(mac));
  const [ipv6, setIpv6] = useState(false);
  const [help, setHelp] = useState(false);
  const creation = useMutation({
    mutationFn: () => vpnCalls.createEts(mac, ipv6),
    // A port of an earlier opening must not show while this one is pending.
    onMutate: () => queryClient.removeQueries({ queryKey: QUERY_KEYS.etsPort(mac) }),
    onError: (error) => notify.apiError(error),
  });
  const waiting = creation.data?.port === 'false';
  const polled = useQuery({ ...etsPortQuery(mac), enabled: waiting });
  const current = waiting ? (polled.data ?? creation.data) : creation.data;
  const ready = current && current.port !== 'false' ? current : null;
  const polling = waiting && !ready && !polled.isError;

  const online = vpnOnline(status.data);
  return (
    <DetailDialog
      title={t('gatewayDetail.actions.ets')}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (online && !creation.isPending) creation.mutate();
      }}
      actions={
        <>
          <Button color="inherit" startIcon={<HelpIcon />} onClick={() => setHelp(true)}>
            {t('gatewayDetail.ets.help')}
          </Button>
          {online && (
            <SubmitButton size="medium" pending={creation.isPending || polling}>
              {t('gatewayDetail.ets.open')}
            </SubmitButton>
          )}
        </>
      }
    >
      {status.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : status.isError ? (
        <Alert severity="error">{t('dataNotLoaded')}</Alert>
      ) : !online ? (
        <NeedsRemoteAlert onNeedsRemote={onNeedsRemote}>
          {t('warningRemoteConnexion')}
        </NeedsRemoteAlert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{t('gatewayDetail.ets.intro')}</Typography>
          <FormControlLabel
            control={<Checkbox checked={ipv6} onChange={(e) => setIpv6(e.target.checked)} />}
            label={t('gatewayDetail.ets.ipv6')}
          />
          {polling && (
            <Box role="status" sx={{ display: 'grid', gap: 1 }}>
              <Typography>{t('gatewayDetail.ets.waitingPort')}</Typography>
              <LinearProgress aria-label={t('gatewayDetail.ets.waitingPort')} />
            </Box>
          )}
          {polled.isError && <Alert severity="error">{t(errorMessageKey(polled.error))}</Alert>}
          {ready && <EtsAccess reply={ready} />}
        </Box>
      )}
      {help && <EtsHelp onClose={() => setHelp(false)} />}
    </DetailDialog>
  );
}

/** What to type into ETS: server and port, with the session's end. */
function EtsAccess({ reply }: { reply: EtsPortReply }) {
  const { t } = useTranslation();
  const server = t('gatewayDetail.ets.server');
  const port = t('gatewayDetail.ets.port');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity="success" icon={<LanIcon />}>
        {t('gatewayDetail.ets.ready')}
      </Alert>
      <ValueRows
        rows={[
          {
            label: t('gatewayDetail.remote.sessionEnd'),
            value: <SessionEndValue until={reply.until} />,
          },
          { label: server, value: <CopyValue value={reply.server} label={server} /> },
          { label: port, value: <CopyValue value={String(reply.port)} label={port} /> },
        ]}
      />
    </Box>
  );
}
