import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdateAlt';
import { useTranslation } from 'react-i18next';
import { FLOW_EDITOR_TYPES, type FlowEditorGateway } from '@atrium/contracts/flow-editors';
import { commandErrorKey } from '../../lib/api/command-error';
import { formatDateTime } from '../../lib/dates';
import { numberFormat } from '../../lib/locale';
import { PARTNER_DOMAINS } from '../../config/env';
import { canOpenFlowEditorModules } from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';
import { useListState } from '../../lib/use-list-state';
import { useConfirm } from '../../ui/dialogs/dialog-context';
import { PageHeader } from '../../ui/page-header';
import { PagedTable, type Column } from '../../ui/paged-table';
import { SearchField } from '../../ui/search-field';
import { SelectFilter } from '../../ui/select-filter';
import { notify } from '../../ui/snackbar';
import { StatusDot } from '../../ui/status-dot';
import {
  FLOW_EDITOR_COMMANDS,
  FLOW_EDITOR_KEYS,
  flowEditorsQuery,
  type FlowEditorCommand,
  type FlowEditorListParams,
} from './api/flow-editors-api';
import { runBatch } from './run-batch';

/** Commands sent at once: a few, so that a large selection does not flood the hub. */
const CONCURRENT_COMMANDS = 4;

type Outcome =
  | { state: 'running'; command: FlowEditorCommand }
  | { state: 'done'; command: FlowEditorCommand; at: number }
  | { state: 'failed'; command: FlowEditorCommand; messageKey: string };

const enc = encodeURIComponent;

/** The messages of each command. */
const TEXT = {
  restart: {
    confirm: 'nodeRed.confirm.restart',
    question: 'restartNodered',
    outcome: 'nodeRed.outcome.restart',
    summary: 'nodeRed.summary.restart',
  },
  update: {
    confirm: 'nodeRed.confirm.update',
    question: 'updateNodered',
    outcome: 'nodeRed.outcome.update',
    summary: 'nodeRed.summary.update',
  },
} as const satisfies Record<FlowEditorCommand, Record<string, string>>;

/**
 * Whether the flow-editor commands may go to this gateway: never when protected; offline only
 * for administrators (document 1 §2, the flow-editor buttons' rule).
 */
export const canCommand = (g: FlowEditorGateway, admin: boolean) =>
  !g.protect && (g.online || admin);

/** Chips whose text wraps in a narrow column. */
const WRAP = {
  maxWidth: '100%',
  height: 'auto',
  py: 0.25,
  '& .MuiChip-label': { whiteSpace: 'normal' },
} as const;

function OutcomeChip({ outcome }: { outcome: Outcome | undefined }) {
  const { t } = useTranslation();
  if (!outcome) return <>—</>;
  if (outcome.state === 'running')
    return <Chip size="small" variant="outlined" label={t('nodeRed.outcome.running')} />;
  if (outcome.state === 'done')
    return (
      <Tooltip title={formatDateTime(outcome.at)}>
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label={t(TEXT[outcome.command].outcome)}
          sx={{ ...WRAP, color: 'success.dark' }}
        />
      </Tooltip>
    );
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={t('nodeRed.outcome.failed', { reason: t(outcome.messageKey) })}
      sx={{ ...WRAP, color: 'error.dark' }}
    />
  );
}

/**
 * /node-red, the flow-editor modules (decision 0036): every kloudnx and emergynx gateway the
 * user manages, whose flow editor (Node-RED with the modules of its firmware) it restarts or
 * updates on several gateways at once, with each gateway's outcome.
 */
export function NodeRedPage() {
  const { t } = useTranslation();
  const user = useSession();
  const admin = user?.rank === 'admin';
  const allowed = user !== null && canOpenFlowEditorModules(user, PARTNER_DOMAINS);
  const confirm = useConfirm();
  const client = useQueryClient();
  const list = useListState();
  const [type, setType] = useState<FlowEditorListParams['type']>('');
  const [online, setOnline] = useState<FlowEditorListParams['online']>('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    ...flowEditorsQuery({ ...list.params, type, online }),
    enabled: allowed,
  });
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const n = numberFormat();

  const setOutcome = (mac: string, outcome: Outcome) =>
    setOutcomes((m) => new Map(m).set(mac, outcome));

  const run = async (command: FlowEditorCommand, macs: readonly string[]) => {
    setBusy(true);
    for (const mac of macs) setOutcome(mac, { state: 'running', command });
    const results = await runBatch(
      macs,
      CONCURRENT_COMMANDS,
      (mac) => FLOW_EDITOR_COMMANDS[command](mac),
      (mac, r) =>
        setOutcome(
          mac,
          r.status === 'fulfilled'
            ? { state: 'done', command, at: Date.now() }
            : { state: 'failed', command, messageKey: commandErrorKey(r.reason) },
        ),
    );
    setBusy(false);
    // What went through is done; what failed stays ticked, to try again.
    const through = new Set(macs.filter((_m, i) => results[i]?.status === 'fulfilled'));
    setSelected((s) => new Set([...s].filter((m) => !through.has(m))));
    const failed = results.filter((r) => r.status === 'rejected').length;
    const counts = { sent: n.format(macs.length - failed), failed: n.format(failed) };
    if (failed === 0) notify.success(TEXT[command].summary, { values: counts, duration: 4000 });
    else notify.error('nodeRed.summary.failed', { values: counts });
    await client.invalidateQueries({ queryKey: FLOW_EDITOR_KEYS.all });
  };

  const ask = (command: FlowEditorCommand) => {
    const macs = [...selected];
    void confirm({
      title: t(TEXT[command].confirm, { count: macs.length, n: n.format(macs.length) }),
      message: t(TEXT[command].question),
      onConfirm: () => run(command, macs),
    });
  };

  const columns: Column<FlowEditorGateway>[] = [
    {
      key: 'name',
      label: t('nodeRed.columns.gateway'),
      cell: (g) => (
        <>
          {g.projectId ? (
            <Link component={RouterLink} to={`/projects/${enc(g.projectId)}/gateway/${enc(g.id)}`}>
              {g.name}
            </Link>
          ) : (
            g.name
          )}
          <Typography variant="caption" color="text.secondary" component="div">
            {narrow
              ? [g.projectName, t(`gatewayType.${g.type}`), g.version].filter(Boolean).join(' · ')
              : g.mac}
          </Typography>
        </>
      ),
    },
    {
      key: 'project',
      label: t('nodeRed.columns.project'),
      cell: (g) => g.projectName ?? t('nodeRed.noProject'),
      wide: true,
    },
    {
      key: 'type',
      label: t('nodeRed.columns.type'),
      cell: (g) => t(`gatewayType.${g.type}`),
      wide: true,
    },
    {
      key: 'version',
      label: t('nodeRed.columns.version'),
      cell: (g) => g.version ?? '—',
      wide: true,
    },
    {
      key: 'state',
      label: t('nodeRed.columns.state'),
      cell: (g) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <StatusDot
            color={g.online ? 'success' : 'disabled'}
            label={t(g.online ? 'nodeRed.online' : 'nodeRed.offline')}
            compact={narrow}
          />
          {g.protect && <Chip size="small" label={t('nodeRed.protected')} />}
        </Box>
      ),
    },
    {
      key: 'remote',
      label: t('nodeRed.columns.remote'),
      cell: (g) => (g.vpnOnline ? t('nodeRed.remoteOpen') : '—'),
      wide: true,
    },
    {
      key: 'outcome',
      label: t('nodeRed.columns.outcome'),
      cell: (g) => <OutcomeChip outcome={outcomes.get(g.mac)} />,
    },
  ];

  // Administrators and partner-domain users only (document 1 §6), as the menu entry.
  if (!allowed) return <Navigate to="/projects/list" replace />;
  const count = selected.size;
  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', display: 'grid', gap: 2 }}>
      <PageHeader title={t('pages.nodeRed.title')} subtitle={t('nodeRed.subtitle')} back />
      <Alert severity="info">{t('nodeRed.about')}</Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <SearchField label={t('nodeRed.search')} value={list.search} onChange={list.setSearch} />
        <SelectFilter
          label={t('nodeRed.columns.type')}
          value={type}
          allLabel={t('nodeRed.all')}
          options={FLOW_EDITOR_TYPES.map((g) => ({ value: g, label: t(`gatewayType.${g}`) }))}
          onChange={(v) => {
            setType(v);
            list.resetPage();
          }}
        />
        <SelectFilter
          label={t('nodeRed.columns.state')}
          value={online}
          allLabel={t('nodeRed.all')}
          options={[
            { value: 'true', label: t('nodeRed.online') },
            { value: 'false', label: t('nodeRed.offline') },
          ]}
          onChange={(v) => {
            setOnline(v);
            list.resetPage();
          }}
        />
      </Box>
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('nodeRed.selection.label')}
        sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="body2" sx={{ flex: '1 1 200px' }} aria-live="polite">
          {count === 0
            ? t('nodeRed.selection.none')
            : t('nodeRed.selection.count', { count, n: n.format(count) })}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<RestartAltIcon />}
          disabled={count === 0 || busy}
          onClick={() => ask('restart')}
        >
          {t('nodeRed.actions.restart')}
        </Button>
        <Button
          variant="contained"
          startIcon={<SystemUpdateIcon />}
          disabled={count === 0 || busy}
          onClick={() => ask('update')}
        >
          {t('nodeRed.actions.update')}
        </Button>
        <Button
          color="inherit"
          disabled={count === 0 || busy}
          onClick={() => setSelected(new Set())}
        >
          {t('nodeRed.selection.clear')}
        </Button>
      </Paper>
      <PagedTable
        label={t('nodeRed.tableLabel')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(g) => g.mac}
        total={query.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPage={list.onPage}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.isError}
        selection={{
          selected,
          onChange: (keys, on) =>
            setSelected((s) => {
              const next = new Set(s);
              for (const k of keys) {
                if (on) next.add(k);
                else next.delete(k);
              }
              return next;
            }),
          label: (g) => t('nodeRed.selection.one', { name: g.name }),
          allLabel: t('nodeRed.selection.page'),
          selectable: (g) => canCommand(g, admin),
        }}
      />
    </Box>
  );
}
