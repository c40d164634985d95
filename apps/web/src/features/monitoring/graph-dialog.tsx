import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { Favorite } from '@atrium/contracts/graph';
import { projectQuery } from '../../lib/api/project-query';
import { canEditProject } from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';
import { notify } from '../../ui/snackbar';
import { AddressPicker } from './address-picker';
import { downloadBytes, graphZip, ZIP_NAME } from './csv-export';
import { DialogHeader } from '../../ui/dialog-header';
import { FavoritesMenu } from './favorites-menu';
import { favoritesQuery, graphModbusQuery } from './api/graph-api';
import { GraphCharts } from './graph-charts';
import {
  DEFAULT_SELECTION,
  exportLabel,
  favoriteDisplay,
  measurementOptions,
} from './graph-selection';
import { GraphSettings, PRECISION_OPTIONS, type GraphSettingsValue } from './graph-settings';
import { containsInstant, windowOf, type GraphWindow } from './graph-window';
import { projectMonitoredQuery } from './api/monitoring-api';
import { parisDayOf } from './paris-calendar';
import { useFavoriteActions } from './use-favorite-actions';
import { useGraphView } from './use-graph-view';
import { WindowBar } from './window-bar';

interface Props {
  project: { _id: string; name: string };
  onClose: () => void;
  /** Open on this measurement and day (the link of an alert): else voltage, today. */
  focus?: { measurement: string; at: number } | undefined;
}

/** Graph dialog (spec document 2 §2): monitored addresses and voltage over a day, month or period. */
export function GraphDialog({ project, onClose, focus }: Props) {
  const { t } = useTranslation();
  const user = useSession();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const projectInfo = useQuery(projectQuery(project._id));
  const monitored = useQuery(projectMonitoredQuery(project._id));
  const favorites = useQuery(favoritesQuery(project._id));
  const [w, setWindow] = useState<GraphWindow>(() =>
    windowOf('day', parisDayOf(focus?.at ?? Date.now())),
  );
  const [selection, setSelection] = useState<string[]>(() =>
    focus ? [focus.measurement] : [...DEFAULT_SELECTION],
  );
  const [settings, setSettings] = useState<GraphSettingsValue>({
    precision: 'auto',
    aggregation: 'mean',
    mode: 'curve',
  });
  const modbus = useQuery(graphModbusQuery(project._id));
  const voltage = t('monitoring.graph.voltage');
  const gateways = projectInfo.data?.gateways;
  const options = useMemo(() => {
    // A Modbus value's gateway by its name, as the monitored addresses show theirs.
    const named = (modbus.data ?? []).map((m) => ({
      ...m,
      gateway: gateways?.find((g) => g.mac === m.gateway)?.name ?? m.gateway,
    }));
    return measurementOptions(monitored.data ?? [], voltage, named);
  }, [monitored.data, modbus.data, gateways, voltage]);
  const view = useGraphView(project._id, w, selection, options, settings);
  const role = projectInfo.data?.role;
  const canEdit = !!user && !!role && canEditProject(user.rank, role);
  const favoriteActions = useFavoriteActions(project._id, favorites.data ?? []);
  const live = containsInstant(w, Date.now());

  const applyFavorite = (favorite: Favorite) => {
    if (!monitored.data) return setSelection(favorite.list);
    const known = favorite.list.filter((m) => options.some((o) => o.measurement === m));
    if (known.length < favorite.list.length) notify.warning('cannotFindAddress');
    setSelection(known);
  };

  const exportCsv = () => {
    if (selection.length === 0) return notify.error('noAddress');
    const series = [...view.numeric, ...view.boolean];
    if (series.every((s) => s.list.length === 0)) return notify.warning('noData');
    const bytes = graphZip(series.map((s) => ({ label: exportLabel(s), list: s.list })));
    downloadBytes(bytes, ZIP_NAME);
  };

  const usedPrecision = PRECISION_OPTIONS.find((p) => p.value === view.precision);
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="lg"
      fullWidth
      aria-labelledby="graph-dialog-title"
    >
      <DialogHeader
        id="graph-dialog-title"
        title={t('monitoring.graph.title')}
        subtitle={project.name}
        onClose={onClose}
      />
      <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <WindowBar value={w} onChange={setWindow} live={live} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
          <AddressPicker
            options={options}
            value={selection}
            onChange={setSelection}
            loading={monitored.isPending}
          />
          <FavoritesMenu
            favorites={favorites.data ?? []}
            canEdit={canEdit}
            onApply={applyFavorite}
            onSave={() => void favoriteActions.save(selection, favoriteDisplay(selection, options))}
            onRemove={(name) => void favoriteActions.remove(name)}
          />
        </Box>
        <GraphSettings
          value={settings}
          onChange={setSettings}
          onExport={exportCsv}
          exporting={view.loading}
        />
        <GraphCharts view={view} window={w} mode={settings.mode} empty={selection.length === 0} />
        {usedPrecision && selection.length > 0 && (
          <Typography variant="caption" color="text.secondary" data-testid="graph-precision">
            {t('monitoring.graph.usedPrecision', { precision: t(usedPrecision.labelKey) })}
          </Typography>
        )}
      </DialogContent>
    </Dialog>
  );
}
