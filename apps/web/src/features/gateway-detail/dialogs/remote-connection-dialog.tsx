import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { VPN_UNLIMITED, type VpnStatusReply } from '@atrium/contracts/vpn';
import { SubmitButton } from '../../../ui/submit-button';
import { DEFAULT_DELAY_MS, defaultDelay, delayChoices } from '../model/vpn-session';
import { DetailDialog } from './detail-dialog';
import { SessionEndValue } from './session-end-value';
import { useRemoteConnection, type RemoteView } from './use-remote-connection';
import { ValueRows, type ValueRow } from './value-rows';

interface Props {
  mac: string;
  queryId: string;
  /**
   * Administrators see the tunnel's IP and the gateway's LAN address (spec §6), and may open
   * any delay or one without end.
   */
  isAdmin: boolean;
  /** Opens a session with the default delay at once (after the password wizard, spec §4). */
  autoStart: boolean;
  onClose: () => void;
}

/** Remote connection dialog: idle → opening → online → disconnecting (spec §4). */
export function RemoteConnectionDialog({ mac, queryId, isAdmin, autoStart, onClose }: Props) {
  const { t } = useTranslation();
  const remote = useRemoteConnection(mac, queryId, onClose);
  const { view, status } = remote;
  const choices = delayChoices(status.data?.delays ?? [], isAdmin);
  const [picked, setPicked] = useState<number | null>(null);
  const delay = picked !== null && choices.includes(picked) ? picked : defaultDelay(choices);

  // Once per dialog, whatever re-renders happen meanwhile.
  const started = useRef(false);
  const start = useEffectEvent(() => remote.open(DEFAULT_DELAY_MS));
  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    start();
  }, [autoStart]);

  const rows = status.data ? rowsOf(view, status.data, isAdmin, t) : [];
  const delayLabel = (ms: number) =>
    ms === VPN_UNLIMITED
      ? t('gatewayDetail.remote.unlimited')
      : t('gatewayDetail.remote.delayHours', { count: ms / 3_600_000 });

  return (
    <DetailDialog
      title={t('gatewayDetail.actions.remoteConnection')}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (view === 'idle' && !remote.busy) remote.open(delay);
      }}
      actions={
        view === 'idle' ? (
          <SubmitButton size="medium" pending={remote.busy}>
            {t('gatewayDetail.remote.connect')}
          </SubmitButton>
        ) : view === 'online' || view === 'opening' ? (
          <Button
            color="error"
            variant="outlined"
            startIcon={<LinkOffIcon />}
            disabled={remote.busy}
            onClick={remote.disconnect}
          >
            {t('gatewayDetail.remote.disconnect')}
          </Button>
        ) : undefined
      }
    >
      {status.isError && !status.data ? (
        <Alert severity="error">{t('dataNotLoaded')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <StateView view={view} />
          {view === 'idle' && (
            <TextField
              select
              label={t('gatewayDetail.remote.delay')}
              value={delay}
              onChange={(e) => setPicked(Number(e.target.value))}
              disabled={remote.busy}
            >
              {choices.map((ms) => (
                <MenuItem key={ms} value={ms}>
                  {delayLabel(ms)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {rows.length > 0 && <ValueRows rows={rows} />}
        </Box>
      )}
    </DetailDialog>
  );
}

/** The state's sentence: a hint, a wait with its progress bar, or the open session. */
function StateView({ view }: { view: RemoteView }) {
  const { t } = useTranslation();
  switch (view) {
    case 'loading':
      return <Skeleton variant="rounded" height={56} />;
    case 'idle':
      return <Typography color="text.secondary">{t('gatewayDetail.remote.intro')}</Typography>;
    case 'opening':
    case 'closing': {
      const text =
        view === 'opening' ? t('gatewayDetail.remote.opening') : t('gatewayDetail.remote.closing');
      return (
        <Box role="status" sx={{ display: 'grid', gap: 1 }}>
          <Typography>{text}</Typography>
          <LinearProgress aria-label={text} />
        </Box>
      );
    }
    case 'online':
      return <Alert severity="success">{t('gatewayDetail.remote.online')}</Alert>;
  }
}

/** The session's end once online; for administrators, where the tunnel comes from and the LAN IP. */
function rowsOf(view: RemoteView, data: VpnStatusReply, isAdmin: boolean, t: TFunction) {
  const rows: ValueRow[] = [];
  if (view === 'online') {
    rows.push({
      label: t('gatewayDetail.remote.sessionEnd'),
      value: <SessionEndValue until={data.until} />,
    });
  }
  if (isAdmin) {
    const known = data.ip && data.ip !== 'Not found' ? data.ip : null;
    rows.push(
      { label: t('gatewayDetail.remote.ip'), value: known ?? t('gatewayDetail.remote.unknown') },
      {
        label: t('gatewayDetail.remote.lan'),
        value: data.lan ?? t('gatewayDetail.remote.unknown'),
      },
    );
  }
  return rows;
}
