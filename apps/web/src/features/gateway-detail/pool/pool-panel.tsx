import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import KeyIcon from '@mui/icons-material/Key';
import SettingsIcon from '@mui/icons-material/Settings';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import { useTranslation } from 'react-i18next';
import type { PoolType } from '@atrium/contracts/pool';
import { errorMessageKey } from '../../../lib/api/error-key';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../ui/snackbar';
import { PoolAuthDialog } from './pool-auth-dialog';
import { poolApi, useKlereoPools, usePoolConfig, usePoolMutation } from './pool-api';
import { poolEtsCsv, VENDOR_STATE_KEYS, type PoolTableKind } from './pool-model';
import { PoolOptionsDialog } from './pool-options-dialog';
import { PoolTableDialog } from './pool-table-dialog';
import { PoolTempDialog } from './pool-temp-dialog';
import { usePoolLive } from './use-pool-live';

type Open = null | 'auth' | 'options' | 'temp' | PoolTableKind;

interface Props {
  mac: string;
  readOnly: boolean;
}

/** Saves the ETS export (a CSV file) under the gateway's name. */
function download(csv: string, mac: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `pool-${mac}-ets.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The current pool dialog's body (document 2 §2): pool select (Klereo), credentials, status
 * and command tables, temperature control, ETS export and options.
 */
export function PoolPanel({ mac, readOnly }: Props) {
  const { t } = useTranslation();
  const config = usePoolConfig(mac);
  const [open, setOpen] = useState<Open>(null);
  const live = usePoolLive(mac);
  const data = config.data;
  const type: PoolType | null = data?.type ?? null;
  const klereo = type === 'klereo';
  const hasAuth = data?.auth !== null && data?.auth !== undefined;
  const pools = useKlereoPools(mac, klereo && hasAuth);
  const select = usePoolMutation(mac, (pool: string) => poolApi.selectPool(mac, pool));

  if (config.isPending) return <CircularProgress aria-label={t('pool.loading')} />;
  if (config.isError || !data)
    return <Alert severity="error">{t(errorMessageKey(config.error))}</Alert>;
  if (type === null) return <Alert severity="info">{t('pool.chooseType')}</Alert>;

  const vendorKey = VENDOR_STATE_KEYS[live.data?.vendor.state ?? data.vendor.state];
  const lastUpdate = live.data?.lastUpdate ?? data.lastUpdate;
  const exportCsv = () => {
    const csv = poolEtsCsv(data, { pool: t('pool.etsPrefix') });
    if (csv === null) return notify.warning('pool.nothingToExport');
    download(csv, mac);
  };
  const button = (
    kind: Exclude<Open, null>,
    icon: React.ReactNode,
    label: string,
    disabled = false,
  ) => (
    <Button variant="outlined" startIcon={icon} onClick={() => setOpen(kind)} disabled={disabled}>
      {label}
    </Button>
  );

  return (
    <Stack spacing={2}>
      {vendorKey && (
        <Alert severity={vendorKey === 'pool.notConfigured' ? 'info' : 'warning'}>
          {t(vendorKey)}
        </Alert>
      )}
      {!data.synced && <Alert severity="info">{t('pool.queued')}</Alert>}
      <Typography variant="body2" color="text.secondary">
        {t('pool.credentials', {
          value: hasAuth ? (data.auth?.username ?? data.auth?.apikey ?? '') : t('pool.none'),
        })}
        {' · '}
        {t('pool.lastUpdate', {
          date: lastUpdate === null ? t('pool.never') : formatDateTime(lastUpdate),
        })}
      </Typography>
      {klereo && (
        <TextField
          select
          label={t('pool.selectedPool')}
          value={data.selectedPool ?? ''}
          disabled={readOnly || !hasAuth || pools.isPending || select.isPending}
          helperText={
            !hasAuth
              ? t('pool.authFirst')
              : pools.isError
                ? t(errorMessageKey(pools.error))
                : undefined
          }
          error={pools.isError}
          onChange={(e) => select.mutate(e.target.value)}
        >
          {(pools.data ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
          {data.selectedPool !== null &&
            !(pools.data ?? []).some((p) => p.id === data.selectedPool) && (
              <MenuItem value={data.selectedPool}>{data.selectedPool}</MenuItem>
            )}
        </TextField>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {button('auth', <KeyIcon />, t('modifyIds'), readOnly)}
        {button('POOL_to_KNX', <TableRowsIcon />, t('pool.table.POOL_to_KNX'))}
        {button('KNX_to_POOL', <TableRowsIcon />, t('pool.table.KNX_to_POOL'))}
        {button('temp', <ThermostatIcon />, t('pool.tempControl'))}
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCsv}>
          {t('pool.etsExport')}
        </Button>
        {button('options', <SettingsIcon />, t('pool.options'))}
      </Box>
      {open === 'auth' && (
        <PoolAuthDialog
          mac={mac}
          type={type}
          username={data.auth?.username ?? ''}
          onClose={() => setOpen(null)}
        />
      )}
      {(open === 'POOL_to_KNX' || open === 'KNX_to_POOL') && (
        <PoolTableDialog
          mac={mac}
          kind={open}
          rows={data[open]}
          live={live}
          readOnly={readOnly}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'options' && (
        <PoolOptionsDialog
          mac={mac}
          options={data.options}
          readOnly={readOnly}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'temp' && (
        <PoolTempDialog
          mac={mac}
          tempControl={data.tempControl}
          readOnly={readOnly}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
