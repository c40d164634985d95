import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_LIMITS,
  dashboardExport,
  type DashboardExport,
} from '@atrium/contracts/dashboards';
import { projectGatewaysQuery } from '../../lib/api/project-gateways-query';
import { projectQuery } from '../../lib/api/project-query';
import { apiErrorCode } from '../../lib/api/error-key';
import { PageHeader } from '../../ui/page-header';
import { notify } from '../../ui/snackbar';
import { dashboardsApi, dashboardsQuery } from '../../lib/api/dashboards-api';
import { downloadJson, jsonFileName } from './download-json';

/** Largest export file read (a dashboard of 24 widgets is a few kB). */
const MAX_FILE_BYTES = 512 * 1024;

/** The gateways an export's series are recorded by, in order of appearance. */
export function exportMacs(json: DashboardExport): string[] {
  const macs = new Set<string>();
  for (const w of json.form.widgets) for (const s of w.series) macs.add(s.mac);
  return [...macs];
}

/**
 * The grafnx generator (decision 0033): dashboards travel between projects as JSON. Export
 * one of this project's dashboards, or import a file into this project, its series moved
 * onto this project's gateways.
 */
export function GrafnxGeneratorPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const project = useQuery(projectQuery(projectId));
  const gateways = useQuery(projectGatewaysQuery(projectId));
  const list = useQuery(dashboardsQuery(projectId));
  const file = useRef<HTMLInputElement>(null);
  const [json, setJson] = useState<DashboardExport | null>(null);
  const [name, setName] = useState('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [fileError, setFileError] = useState<string | null>(null);

  const projectMacs = (gateways.data ?? []).map((g) => g.mac.toLowerCase());
  const foreign = json ? exportMacs(json).filter((m) => !projectMacs.includes(m)) : [];

  const read = async (picked: File | undefined) => {
    setFileError(null);
    setJson(null);
    if (!picked) return;
    if (picked.size > MAX_FILE_BYTES) {
      setFileError('grafnx.fileTooLarge');
      return;
    }
    try {
      const parsed = dashboardExport.safeParse(JSON.parse(await picked.text()));
      if (!parsed.success) {
        setFileError('grafnx.notAnExport');
        return;
      }
      setJson(parsed.data);
      setName(parsed.data.name);
      setMapping({});
    } catch {
      setFileError('grafnx.notAnExport');
    }
  };

  const importIt = useMutation({
    mutationFn: () =>
      dashboardsApi.importJson(projectId, {
        dashboard: json!,
        name: name.trim() || undefined,
        gateways: Object.keys(mapping).length ? mapping : undefined,
      }),
    onSuccess: async (dashboard) => {
      notify.success('dashboardSaved', { duration: 3000 });
      await client.invalidateQueries({ queryKey: dashboardsQuery(projectId).queryKey });
      void navigate(
        `/chartnx-generator/${encodeURIComponent(projectId)}/${encodeURIComponent(dashboard._id)}`,
      );
    },
    onError: (e) =>
      apiErrorCode(e) === 'seriesNotInProject' || apiErrorCode(e) === 'chartnxLimit'
        ? notify.apiError(e, {}, { duration: 3000 })
        : notify.error('dashboards.createError', { duration: 3000 }),
  });
  const exportIt = async (id: string) => {
    try {
      const reply = await dashboardsApi.exportJson(projectId, id);
      downloadJson(reply, jsonFileName(reply.name));
    } catch (e) {
      notify.apiError(e);
    }
  };
  const gatewayName = (mac: string) =>
    gateways.data?.find((g) => g.mac.toLowerCase() === mac)?.name ?? mac;

  return (
    <>
      <PageHeader
        title={t('pages.grafnx.title')}
        subtitle={project.data?.name}
        backTo={{
          to: `/projects/${encodeURIComponent(projectId)}`,
          label: t('dashboards.backToProject'),
        }}
      />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('grafnx.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="grafnx-export">
          <Typography id="grafnx-export" variant="h6" component="h2">
            {t('grafnx.exportTitle')}
          </Typography>
          {list.isError && <Alert severity="error">{t('dashboards.loadError')}</Alert>}
          {list.data?.dashboards.length === 0 && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('dashboards.none')}
            </Typography>
          )}
          <List dense>
            {list.data?.dashboards.map((d) => (
              <ListItem
                key={d._id}
                disableGutters
                secondaryAction={
                  <Button startIcon={<DownloadIcon />} onClick={() => void exportIt(d._id)}>
                    {t('grafnx.export')}
                  </Button>
                }
              >
                <ListItemText
                  primary={d.name}
                  secondary={t('dashboards.summary', {
                    count: d.form.widgets.length,
                    links: d.shares.length,
                  })}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="grafnx-import">
          <Typography id="grafnx-import" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('grafnx.importTitle')}
          </Typography>
          <input
            ref={file}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="grafnx-file"
            onChange={(e) => void read(e.target.files?.[0])}
          />
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            onClick={() => file.current?.click()}
          >
            {t('grafnx.chooseFile')}
          </Button>
          {fileError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(fileError)}
            </Alert>
          )}
          {json && (
            <Stack spacing={2} sx={{ mt: 2 }}>
              <Typography>
                {t('grafnx.fileSummary', { name: json.name, count: json.form.widgets.length })}
              </Typography>
              <TextField
                size="small"
                label={t('dashboards.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                slotProps={{ htmlInput: { maxLength: DASHBOARD_LIMITS.nameMax } }}
              />
              {foreign.length > 0 && (gateways.data?.length ?? 0) > 1 && (
                <>
                  <Typography variant="subtitle2">{t('grafnx.mapTitle')}</Typography>
                  {foreign.map((mac) => (
                    <TextField
                      key={mac}
                      select
                      size="small"
                      label={t('grafnx.mapFrom', { mac })}
                      value={mapping[mac] ?? ''}
                      onChange={(e) => setMapping((m) => ({ ...m, [mac]: e.target.value }))}
                    >
                      {projectMacs.map((m) => (
                        <MenuItem key={m} value={m}>
                          {gatewayName(m)}
                        </MenuItem>
                      ))}
                    </TextField>
                  ))}
                </>
              )}
              {foreign.length > 0 && (gateways.data?.length ?? 0) === 1 && (
                <Alert severity="info">
                  {t('grafnx.singleGateway', { name: gatewayName(projectMacs[0] ?? '') })}
                </Alert>
              )}
              <Box>
                <Button
                  variant="contained"
                  loading={importIt.isPending}
                  disabled={list.data !== undefined && !list.data.canCreate}
                  onClick={() => importIt.mutate()}
                >
                  {t('grafnx.import')}
                </Button>
              </Box>
              {list.data !== undefined && !list.data.canCreate && (
                <Alert severity="info">{t('chartnxLimit')}</Alert>
              )}
            </Stack>
          )}
        </Paper>
      </Box>
    </>
  );
}
