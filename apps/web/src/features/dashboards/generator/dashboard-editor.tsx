import { useEffect, useMemo, useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/EditOutlined';
import CloseIcon from '@mui/icons-material/Close';
import SaveIcon from '@mui/icons-material/Save';
import ShareIcon from '@mui/icons-material/Share';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_LIMITS,
  dashboardNameSchema,
  type DashboardDataReply,
  type WidgetInput,
} from '@atrium/contracts/dashboards';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { notify } from '../../../ui/snackbar';
import {
  DASHBOARD_REFRESH_MS,
  dashboardsApi,
  dashboardsQuery,
  seriesQuery,
} from '../../../lib/api/dashboards-api';
import { DashboardGrid } from '../dashboard-grid';
import { downloadJson, jsonFileName } from '../download-json';
import { editorReducer, emptyEditor, newWidgetId, toBody } from '../editor-state';
import { RangeSelect } from '../range-select';
import { ShareDialog } from '../share-dialog';
import { useLiveValues } from '../use-live-values';
import { applyLiveValues } from '../widget-data';
import { WidgetDialog } from '../widget-dialog';

interface Props {
  projectId: string;
  dashboardId: string;
  /** Owners change dashboards; viewers only look. */
  canEdit: boolean;
}

/** One dashboard in the generator: title, range, widgets on the grid, saved by the server. */
export function DashboardEditor({ projectId, dashboardId, canEdit }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [state, dispatch] = useReducer(editorReducer, emptyEditor());
  const [editing, setEditing] = useState<WidgetInput | { id: string } | null>(null);
  const [sharing, setSharing] = useState(false);
  const [live, setLive] = useState<DashboardDataReply | undefined>(undefined);
  const list = useQuery(dashboardsQuery(projectId));
  const series = useQuery({ ...seriesQuery(projectId), enabled: canEdit });

  const formQuery = useQuery({
    queryKey: QUERY_KEYS.dashboardForm(projectId, dashboardId),
    queryFn: ({ signal }) => dashboardsApi.form(projectId, dashboardId, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (formQuery.data)
      dispatch({ type: 'load', name: formQuery.data.name, form: formQuery.data.form });
  }, [formQuery.data]);
  const loaded = formQuery.isSuccess;

  // The data of the form on screen (saved or not): the server's preview call.
  const form = useMemo(() => toBody(state).form, [state]);
  const formKey = JSON.stringify(form);
  const preview = useQuery({
    queryKey: QUERY_KEYS.dashboardPreview(projectId, formKey),
    queryFn: ({ signal }) => dashboardsApi.preview(projectId, form, signal),
    enabled: loaded && state.widgets.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  useEffect(() => setLive(preview.data), [preview.data]);
  useLiveValues(
    loaded ? { watch: { type: 'chartnx', project: projectId, dashboardID: dashboardId } } : null,
    (event) => setLive((d) => (d ? applyLiveValues(d, event) : d)),
  );

  const invalidateList = () =>
    client.invalidateQueries({ queryKey: dashboardsQuery(projectId).queryKey });
  const save = useMutation({
    mutationFn: () => dashboardsApi.update(projectId, dashboardId, toBody(state)),
    onSuccess: async () => {
      dispatch({ type: 'saved' });
      notify.success('dashboardSaved', { duration: 3000 });
      await invalidateList();
    },
    onError: (e) => notify.apiError(e, {}, { duration: 3000 }),
  });
  const remove = async () => {
    const ok = await confirm({
      title: t('dashboards.deleteTitle'),
      message: t('dashboards.deleteMessage', { name: state.name }),
      confirmLabel: t('dashboards.delete'),
    });
    if (!ok) return;
    try {
      await dashboardsApi.remove(projectId, dashboardId);
      notify.success('success', { duration: 3000 });
      await invalidateList();
      void navigate(`/chartnx-generator/${encodeURIComponent(projectId)}`);
    } catch (e) {
      notify.apiError(e);
    }
  };
  const exportJson = async () => {
    try {
      const json = await dashboardsApi.exportJson(projectId, dashboardId);
      downloadJson(json, jsonFileName(json.name));
    } catch (e) {
      notify.apiError(e);
    }
  };

  if (formQuery.isError) return <Alert severity="error">{t('dashboards.loadError')}</Alert>;
  if (!loaded) return <Skeleton variant="rounded" height={320} />;

  const nameValid = dashboardNameSchema.safeParse(state.name).success;
  const shares = list.data?.dashboards.find((d) => d._id === dashboardId)?.shares ?? [];
  const full = state.widgets.length >= DASHBOARD_LIMITS.widgetsMax;

  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' } }}
        >
          <TextField
            size="small"
            label={t('dashboards.name')}
            value={state.name}
            disabled={!canEdit}
            error={!nameValid}
            onChange={(e) => dispatch({ type: 'rename', name: e.target.value })}
            slotProps={{ htmlInput: { maxLength: DASHBOARD_LIMITS.nameMax } }}
            sx={{ flex: 1, minWidth: 200 }}
          />
          <RangeSelect
            value={state.range}
            disabled={!canEdit}
            onChange={(range) => dispatch({ type: 'range', range })}
          />
          {canEdit && (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, flexShrink: 0, alignItems: 'center' }}
            >
              <Button
                variant="outlined"
                startIcon={<AddIcon />}
                disabled={full}
                onClick={() => setEditing({ id: newWidgetId(state.widgets) })}
              >
                {t('dashboards.addWidget')}
              </Button>
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                disabled={!state.dirty || !nameValid}
                loading={save.isPending}
                onClick={() => save.mutate()}
              >
                {t('dialog.save')}
              </Button>
              <Tooltip
                title={state.dirty ? t('dashboards.saveFirst') : t('dashboards.share.title')}
              >
                <span>
                  <IconButton
                    aria-label={t('dashboards.share.title')}
                    disabled={state.dirty}
                    onClick={() => setSharing(true)}
                  >
                    <ShareIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('dashboards.export')}>
                <IconButton aria-label={t('dashboards.export')} onClick={() => void exportJson()}>
                  <DownloadIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('dashboards.delete')}>
                <IconButton aria-label={t('dashboards.delete')} onClick={() => void remove()}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          )}
        </Stack>
        {state.dirty && (
          <Typography variant="caption" color="warning.main" role="status">
            {t('dashboards.unsaved')}
          </Typography>
        )}
      </Paper>
      {preview.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('dashboards.loadError')}
        </Alert>
      )}
      {state.widgets.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('dashboards.empty')}</Typography>
        </Paper>
      ) : (
        <DashboardGrid
          widgets={state.widgets}
          data={live}
          editable={canEdit}
          onLayout={(layout) => dispatch({ type: 'layout', layout })}
          actions={
            canEdit
              ? (w) => (
                  <>
                    <IconButton
                      size="small"
                      aria-label={t('dashboards.widget.editTitle')}
                      onClick={() => setEditing(w)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('dashboards.widget.remove')}
                      onClick={() => dispatch({ type: 'remove', id: w.id })}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </>
                )
              : undefined
          }
        />
      )}
      {editing && (
        <WidgetDialog
          initial={editing}
          series={series.data ?? []}
          onClose={() => setEditing(null)}
          onSave={(widget) => {
            dispatch({ type: 'kind' in editing ? 'replace' : 'add', widget });
            setEditing(null);
          }}
        />
      )}
      {sharing && (
        <ShareDialog
          type="chartnx"
          projectId={projectId}
          dashboardId={dashboardId}
          shares={shares}
          invalidate={[dashboardsQuery(projectId).queryKey]}
          onClose={() => setSharing(false)}
        />
      )}
    </Box>
  );
}
