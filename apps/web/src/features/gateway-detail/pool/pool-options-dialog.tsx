import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  POOL_LIMITS,
  poolTcpAddressSchema,
  type PoolConfig,
  type PoolOptions,
  type PoolRefreshMinutes,
} from '@atrium/contracts/pool';
import { AddressField, addressError } from './address-field';
import { poolApi } from './pool-api';
import { PoolSettingsDialog } from './pool-settings-dialog';
import { POOL_ADDRESS_OPTIONS } from './pool-model';

const ADDRESS_OPTIONS = POOL_ADDRESS_OPTIONS;

interface Props {
  mac: string;
  options: PoolConfig['options'];
  readOnly: boolean;
  onClose: () => void;
}

const isRefresh = (n: number): n is PoolRefreshMinutes =>
  (POOL_LIMITS.refreshMinutes as readonly number[]).includes(n);

/**
 * Pool options (document 2 §3): refresh on a group write, automatic refresh (10 min, 30 min,
 * 1 h, 1 d), error and watchdog addresses, TCP addresses the values are also sent to.
 */
export function PoolOptionsDialog({ mac, options, readOnly, onClose }: Props) {
  const { t } = useTranslation();
  const [o, setO] = useState<PoolConfig['options']>(options);
  const [tcpText, setTcpText] = useState(options.tcp.addresses.join(', '));
  const tcpAddresses = tcpText
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const tcpError =
    tcpAddresses.length > POOL_LIMITS.tcpAddressesMax ||
    tcpAddresses.some((a) => !poolTcpAddressSchema.safeParse(a).success) ||
    (o.tcp.enabled && tcpAddresses.length === 0);
  const errors = Object.fromEntries(
    ADDRESS_OPTIONS.map((k) => [k, addressError(o[k].address, o[k].enabled)]),
  );
  const invalid = tcpError || Object.values(errors).some((e) => e !== null);
  const time = isRefresh(o.refresh_auto.time)
    ? o.refresh_auto.time
    : POOL_LIMITS.defaultRefreshMinutes;
  const body = (): PoolOptions => ({
    refresh_knx: { ...o.refresh_knx, address: o.refresh_knx.address.trim() },
    refresh_auto: { time, enabled: o.refresh_auto.enabled },
    error: { ...o.error, address: o.error.address.trim() },
    watchdog_knx: { ...o.watchdog_knx, address: o.watchdog_knx.address.trim() },
    tcp: { addresses: tcpAddresses, enabled: o.tcp.enabled },
  });
  const send = () => poolApi.update(mac, { options: body() });

  return (
    <PoolSettingsDialog
      mac={mac}
      title={t('pool.options')}
      readOnly={readOnly}
      invalid={invalid}
      send={send}
      onClose={onClose}
    >
      {ADDRESS_OPTIONS.map((k) => (
        <Stack key={k} direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <FormControlLabel
            sx={{ flex: '1 1 220px' }}
            control={
              <Checkbox
                checked={o[k].enabled}
                disabled={readOnly}
                onChange={(e) => setO({ ...o, [k]: { ...o[k], enabled: e.target.checked } })}
              />
            }
            label={
              <>
                <Typography variant="body2">{t(`pool.optionName.${k}`)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`pool.optionHint.${k}`)}
                </Typography>
              </>
            }
          />
          <AddressField
            label={t('pool.address')}
            value={o[k].address}
            disabled={readOnly}
            error={errors[k] ?? null}
            errorText={t('malformedAddress')}
            onChange={(address) => setO({ ...o, [k]: { ...o[k], address } })}
          />
        </Stack>
      ))}
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          sx={{ flex: '1 1 220px' }}
          control={
            <Checkbox
              checked={o.refresh_auto.enabled}
              disabled={readOnly}
              onChange={(e) =>
                setO({ ...o, refresh_auto: { ...o.refresh_auto, enabled: e.target.checked } })
              }
            />
          }
          label={t('pool.optionAuto')}
        />
        <TextField
          select
          size="small"
          label={t('pool.every')}
          value={time}
          disabled={readOnly}
          onChange={(e) =>
            setO({ ...o, refresh_auto: { ...o.refresh_auto, time: Number(e.target.value) } })
          }
          sx={{ minWidth: 140 }}
        >
          {POOL_LIMITS.refreshMinutes.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`pool.refreshEvery.${m}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={o.tcp.enabled}
            disabled={readOnly}
            onChange={(e) => setO({ ...o, tcp: { ...o.tcp, enabled: e.target.checked } })}
          />
        }
        label={t('pool.tcp')}
      />
      <TextField
        size="small"
        label={t('pool.tcpAddresses')}
        value={tcpText}
        disabled={readOnly}
        placeholder="192.168.1.20:5000"
        error={tcpError}
        helperText={
          tcpError ? t('pool.tcpError', { max: POOL_LIMITS.tcpAddressesMax }) : t('pool.tcpHint')
        }
        onChange={(e) => setTcpText(e.target.value)}
      />
    </PoolSettingsDialog>
  );
}
