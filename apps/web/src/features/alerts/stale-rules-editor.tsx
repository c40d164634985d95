import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { STALE_RULES_MAX } from '@atrium/contracts/alerts';
import type { GatewaySummary } from '@atrium/contracts/project';
import { useTranslation } from 'react-i18next';
import { newStaleRow, type SettingsErrors, type StaleRow } from './settings-form';

interface Props {
  rows: StaleRow[];
  onChange: (rows: StaleRow[]) => void;
  gateways: readonly GatewaySummary[];
  errors: SettingsErrors;
}

/** KNX health watchdog: group addresses expected at least every N minutes. */
export function StaleRulesEditor({ rows, onChange, gateways, errors }: Props) {
  const { t } = useTranslation();
  const set = (i: number, change: Partial<StaleRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const errorOf = (i: number, field: keyof StaleRow) => errors[`stale.${i}.${field}`];
  const helper = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('alerts.settings.stale.none')}
        </Typography>
      )}
      {rows.map((row, i) => (
        <Box
          key={i}
          data-testid="stale-row"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr auto', sm: '2fr 1.2fr 1fr auto' },
            gap: 1,
            alignItems: 'start',
          }}
        >
          <TextField
            select
            size="small"
            label={t('alerts.settings.stale.gateway')}
            value={row.gateway}
            onChange={(e) => set(i, { gateway: e.target.value })}
            error={!!errorOf(i, 'gateway')}
            helperText={helper(errorOf(i, 'gateway'))}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          >
            {gateways.map((g) => (
              <MenuItem key={g.mac} value={g.mac}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('alerts.settings.stale.address')}
            placeholder="1/2/3"
            value={row.address}
            onChange={(e) => set(i, { address: e.target.value })}
            error={!!errorOf(i, 'address')}
            helperText={helper(errorOf(i, 'address'))}
          />
          <TextField
            size="small"
            label={t('alerts.settings.stale.minutes')}
            value={row.minutes}
            onChange={(e) => set(i, { minutes: e.target.value })}
            error={!!errorOf(i, 'minutes')}
            helperText={helper(errorOf(i, 'minutes'))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <IconButton
            aria-label={t('alerts.settings.stale.remove')}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        sx={{ justifySelf: 'start' }}
        disabled={gateways.length === 0 || rows.length >= STALE_RULES_MAX}
        onClick={() => onChange([...rows, newStaleRow(gateways[0]?.mac)])}
      >
        {t('alerts.settings.stale.add')}
      </Button>
    </Box>
  );
}
