import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { hysteresisSchema, type PoolConfig } from '@atrium/contracts/pool';
import { DetailDialog } from '../dialogs/detail-dialog';
import { AddressField, addressError } from './address-field';
import { poolApi, usePoolMutation } from './pool-api';
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
  const save = usePoolMutation(mac, () =>
    poolApi.update(mac, {
      tempControl: {
        ...Object.fromEntries(FIELDS.map((k) => [k, { address: tc[k].address.trim() }])),
        hysteresis: h,
        enabled: tc.enabled,
      } as PoolConfig['tempControl'],
    }),
  );
  return (
    <DetailDialog
      title={t('pool.tempControl')}
      onClose={onClose}
      busy={save.isPending}
      actions={
        readOnly ? undefined : (
          <>
            <Button onClick={onClose}>{t('dialog.cancel')}</Button>
            <Button
              variant="contained"
              disabled={invalid || save.isPending}
              onClick={() => save.mutate(undefined, { onSuccess: onClose })}
            >
              {t('dialog.save')}
            </Button>
          </>
        )
      }
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
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
      </Stack>
    </DetailDialog>
  );
}
