import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AGGREGATIONS, PRECISIONS } from '@atrium/contracts/graph';
import {
  BAR_PERIODS,
  BAR_TOTALS,
  DASHBOARD_LIMITS,
  WIDGET_KINDS,
  seriesRefKey,
  widget as widgetSchema,
  type DashboardSeriesItem,
  type WidgetInput,
  type WidgetKind,
} from '@atrium/contracts/dashboards';
import { DialogHeader } from '../../ui/dialog-header';
import { gaugeBounds, newWidget, seriesMax } from './editor-state';

interface Props {
  /** The widget edited, or a new one's id. */
  initial: WidgetInput | { id: string };
  series: readonly DashboardSeriesItem[];
  onClose: () => void;
  onSave: (widget: WidgetInput) => void;
}

const num = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));

/** Adds or edits a widget: its kind, title, series and the kind's settings. */
export function WidgetDialog({ initial, series, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const editing = 'kind' in initial;
  const [draft, setDraft] = useState<WidgetInput>(() =>
    editing ? initial : newWidget('line', initial.id, '', []),
  );
  const [error, setError] = useState<string | null>(null);
  // The gauge's bounds as typed (a number once valid).
  const [bounds, setBounds] = useState(() =>
    draft.kind === 'gauge'
      ? { min: String(draft.min), max: String(draft.max) }
      : { min: '0', max: '100' },
  );
  const byKey = new Map(series.map((s) => [s.key, s]));
  const picked = draft.series
    .map((ref) => byKey.get(seriesRefKey(ref)))
    .filter((s): s is DashboardSeriesItem => s !== undefined);
  const max = seriesMax(draft.kind);
  const set = (patch: Partial<WidgetInput>) => setDraft((d) => ({ ...d, ...patch }) as WidgetInput);

  const changeKind = (kind: WidgetKind) => {
    let next = newWidget(kind, draft.id, draft.title, draft.series);
    if (next.kind === 'gauge') {
      const b = gaugeBounds(picked[0]?.last?.v);
      next = { ...next, ...b };
      setBounds({ min: String(b.min), max: String(b.max) });
    }
    setDraft(editing ? { ...next, layout: draft.layout } : next);
  };
  const save = () => {
    const parsed = widgetSchema.safeParse(draft);
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]?.message === 'minThresholdLowerThanMax'
          ? 'minThresholdLowerThanMax'
          : 'dashboards.widget.invalid',
      );
      return;
    }
    onSave(draft);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="widget-dialog-title">
      <DialogHeader
        id="widget-dialog-title"
        title={t(editing ? 'dashboards.widget.editTitle' : 'dashboards.widget.addTitle')}
        onClose={onClose}
      />
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('dashboards.widget.kind')}
            value={draft.kind}
            onChange={(e) => changeKind(e.target.value as WidgetKind)}
          >
            {WIDGET_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`dashboards.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('dashboards.widget.title')}
            value={draft.title}
            slotProps={{ htmlInput: { maxLength: DASHBOARD_LIMITS.titleMax } }}
            onChange={(e) => set({ title: e.target.value })}
          />
          <Autocomplete
            multiple
            options={series}
            value={picked}
            getOptionLabel={(s) => `${s.name}${s.unit ? ` (${s.unit})` : ''}`}
            groupBy={(s) => s.gatewayName}
            isOptionEqualToValue={(a, b) => a.key === b.key}
            getOptionDisabled={(s) => picked.length >= max && !picked.some((p) => p.key === s.key)}
            onChange={(_e, value) => {
              const refs = value.slice(-max).map((s) => s.ref);
              const first = value[0];
              const patch: Record<string, unknown> = { series: refs };
              if (!draft.title && first) patch.title = first.name;
              if (draft.kind === 'gauge' && !editing) {
                const b = gaugeBounds(first?.last?.v);
                Object.assign(patch, b);
                setBounds({ min: String(b.min), max: String(b.max) });
              }
              set(patch);
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('dashboards.widget.series')}
                helperText={
                  series.length === 0
                    ? t('dashboards.widget.noSeries')
                    : t('dashboards.widget.seriesMax', { count: max })
                }
              />
            )}
          />
          {draft.kind === 'line' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                label={t('dashboards.widget.style')}
                value={draft.style ?? 'line'}
                onChange={(e) => set({ style: e.target.value as 'line' | 'area' })}
              >
                <MenuItem value="line">{t('dashboards.widget.styles.line')}</MenuItem>
                <MenuItem value="area">{t('dashboards.widget.styles.area')}</MenuItem>
              </TextField>
              <TextField
                select
                fullWidth
                label={t('monitoring.graph.precision')}
                value={draft.precision ?? 'auto'}
                onChange={(e) => set({ precision: e.target.value as (typeof PRECISIONS)[number] })}
              >
                {PRECISIONS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`monitoring.graph.precisions.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                fullWidth
                label={t('monitoring.graph.aggregation')}
                value={draft.aggregation ?? 'mean'}
                onChange={(e) =>
                  set({ aggregation: e.target.value as (typeof AGGREGATIONS)[number] })
                }
              >
                {AGGREGATIONS.map((a) => (
                  <MenuItem key={a} value={a}>
                    {t(`monitoring.graph.aggregations.${a}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          {draft.kind === 'bar' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                label={t('dashboards.widget.period')}
                value={draft.period ?? 'day'}
                onChange={(e) => set({ period: e.target.value as 'day' | 'month' })}
              >
                {BAR_PERIODS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`dashboards.widget.periods.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                fullWidth
                label={t('dashboards.widget.total')}
                value={draft.total ?? 'counter'}
                onChange={(e) => set({ total: e.target.value as 'counter' | 'sum' })}
              >
                {BAR_TOTALS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`dashboards.widget.totals.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          {draft.kind === 'gauge' && (
            <Stack direction="row" spacing={2}>
              <TextField
                fullWidth
                label={t('dashboards.widget.min')}
                value={bounds.min}
                onChange={(e) => {
                  setBounds((b) => ({ ...b, min: e.target.value }));
                  set({ min: num(e.target.value) });
                }}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                fullWidth
                label={t('dashboards.widget.max')}
                value={bounds.max}
                onChange={(e) => {
                  setBounds((b) => ({ ...b, max: e.target.value }));
                  set({ max: num(e.target.value) });
                }}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Stack>
          )}
          {(draft.kind === 'gauge' || draft.kind === 'value') && (
            <Stack direction="row" spacing={2}>
              <TextField
                fullWidth
                label={t('dashboards.widget.unit')}
                value={draft.unit ?? ''}
                placeholder={picked[0]?.unit}
                slotProps={{ htmlInput: { maxLength: DASHBOARD_LIMITS.unitMax } }}
                onChange={(e) => set({ unit: e.target.value })}
              />
              {draft.kind === 'value' && (
                <TextField
                  select
                  fullWidth
                  label={t('dashboards.widget.decimals')}
                  value={draft.decimals ?? 1}
                  onChange={(e) => set({ decimals: Number(e.target.value) })}
                >
                  {[0, 1, 2, 3].map((d) => (
                    <MenuItem key={d} value={d}>
                      {d}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
          )}
          {draft.kind === 'state' && (
            <Stack direction="row" spacing={2}>
              <TextField
                fullWidth
                label={t('dashboards.widget.onLabel')}
                value={draft.onLabel ?? ''}
                placeholder={t('dashboards.on')}
                slotProps={{ htmlInput: { maxLength: DASHBOARD_LIMITS.labelMax } }}
                onChange={(e) => set({ onLabel: e.target.value })}
              />
              <TextField
                fullWidth
                label={t('dashboards.widget.offLabel')}
                value={draft.offLabel ?? ''}
                placeholder={t('dashboards.off')}
                slotProps={{ htmlInput: { maxLength: DASHBOARD_LIMITS.labelMax } }}
                onChange={(e) => set({ offLabel: e.target.value })}
              />
            </Stack>
          )}
        </Stack>
        {error && (
          <Stack role="alert" sx={{ color: 'error.main', mt: 2 }}>
            {t(error)}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={draft.series.length === 0}>
          {t(editing ? 'dashboards.widget.apply' : 'dashboards.widget.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
