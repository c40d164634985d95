import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { hysteresisSchema, type PoolConfig } from '@atrium/contracts/pool';
import { AddressField, addressError } from './address-field';
import { poolApi } from './pool-api';
import { PoolSettingsDialog } from './pool-settings-dialog';
import { TEMP_CONTROL_FIELDS } from './pool-model';

const FIELDS = TEMP_CONTROL_FIELDS;
/** Enabled, the thermostat needs its on/off and its setpoint (contracts tempControlSchema). */
const REQUIRED = new Set<string>(['control', 'setpoint']);

interface Props {
  mac: string;
  tempControl: PoolConfig['tempControl'];
  readOnly: boolean;
  onClose: () => void;
}

/** Parses "1,5" or "1.5"; NaN when not a number. */
export const parseDecimal = (text: string): number =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));

/** Temperature control (document 2 §3): the gateway's hysteresis thermostat and its addresses. */
export function PoolTempDialog({ mac, tempControl, readOnly, onClose }: Props) {
  const { t } = useTranslation();
  const [tc, setTc] = useState(tempControl);
  const [hysteresis, setHysteresis] = useState(String(tempControl.hysteresis));
  const h = parseDecimal(hysteresis);
  const hysteresisOk = hysteresisSchema.safeParse(h).success;
  const errors = Object.fromEntries(
    FIELDS.map((k) => [k, addressError(tc[k].address, tc.enabled && REQUIRED.has(k))]),
  );
  const invalid = !hysteresisOk || Object.values(errors).some((e) => e !== null);
  const send = () =>
    poolApi.update(mac, {
      tempControl: {
        ...Object.fromEntries(FIELDS.map((k) => [k, { address: tc[k].address.trim() }])),
        hysteresis: h,
        enabled: tc.enabled,
      } as PoolConfig['tempControl'],
    });

  return (
    <PoolSettingsDialog
      mac={mac}
      title={t('pool.tempControl')}
      readOnly={readOnly}
      invalid={invalid}
      send={send}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('pool.temp.hint')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={tc.enabled}
            disabled={readOnly}
            onChange={(e) => setTc({ ...tc, enabled: e.target.checked })}
          />
        }
        label={t('pool.temp.enabled')}
      />
      {FIELDS.map((k) => (
        <AddressField
          key={k}
          label={t(`pool.tempField.${k}`)}
          value={tc[k].address}
          disabled={readOnly}
          error={errors[k] ?? null}
          errorText={t('malformedAddress')}
          onChange={(address) => setTc({ ...tc, [k]: { address } })}
        />
      ))}
      <TextField
        size="small"
        label={t('pool.temp.hysteresis')}
        value={hysteresis}
        required
        disabled={readOnly}
        inputMode="decimal"
        error={!hysteresisOk}
        helperText={hysteresisOk ? t('pool.temp.hysteresisHint') : t('hysteresis')}
        onChange={(e) => setHysteresis(e.target.value)}
      />
    </PoolSettingsDialog>
  );
}
