import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminTeam } from '@atrium/contracts/admin';
import { GRANTABLE_PLANS } from '@atrium/contracts/plans';
import {
  SUBSCRIPTION_STATUS_COLOURS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionItem,
  type SubscriptionStatus,
} from '@atrium/contracts/subscriptions';
import { notify } from '../../ui/snackbar';
import { SearchField } from '../../ui/search-field';
import { SelectFilter } from '../../ui/select-filter';
import {
  ADMIN_KEYS,
  adminTeamsQuery,
  subscriptionsApi,
  adminSubscriptionsQuery,
} from './api/admin-api';
import { PagedTable, type Column } from '../../ui/paged-table';
import { formatLastDay, parisDayEnd } from './paris-day';
import { useDebounced, useListState } from '../../lib/use-list-state';

type Grantable = (typeof GRANTABLE_PLANS)[number];

const PLAN_LABELS: Record<string, string> = {
  free: 'admin.subscriptions.plans.free',
  trial: 'admin.subscriptions.plans.trial',
  custhome: 'admin.subscriptions.plans.custhome',
  starter: 'admin.subscriptions.plans.starter',
  pro: 'admin.subscriptions.plans.pro',
};
const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'admin.subscriptions.status.active',
  cancelled: 'admin.subscriptions.status.cancelled',
  past_due: 'admin.subscriptions.status.past_due',
  other: 'admin.subscriptions.status.unknown',
};

/** Grant a plan to a team by hand (manual billing), until a day or until cancelled. */
function GrantForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [team, setTeam] = useState<AdminTeam | null>(null);
  const [teamText, setTeamText] = useState('');
  const teams = useQuery(
    adminTeamsQuery({ page: 0, pageSize: 25, search: useDebounced(teamText) }),
  );
  const [plan, setPlan] = useState<Grantable>('pro');
  const [until, setUntil] = useState('');
  const [nickname, setNickname] = useState('');
  const grant = useMutation({
    mutationFn: () =>
      subscriptionsApi.grant({
        teamId: team?.id ?? '',
        plan,
        until: until ? (parisDayEnd(until) ?? null) : null,
        ...(nickname.trim() ? { nickname: nickname.trim() } : {}),
      }),
    onSuccess: () => {
      notify.success('admin.subscriptions.granted');
      setNickname('');
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.subscriptionsAll });
    },
    onError: (e) => notify.apiError(e),
  });
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby="grant-title"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (team) grant.mutate();
      }}
    >
      <Typography id="grant-title" variant="h6" component="h2">
        {t('admin.subscriptions.grant')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('admin.subscriptions.grantHint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Autocomplete
          sx={{ flex: '2 1 240px' }}
          options={teams.data?.items ?? []}
          value={team}
          onChange={(_e, v) => setTeam(v)}
          inputValue={teamText}
          onInputChange={(_e, v) => setTeamText(v)}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          loading={teams.isFetching}
          noOptionsText={t('admin.noMatch')}
          renderInput={(params) => (
            <TextField {...params} size="small" label={t('admin.subscriptions.team')} />
          )}
        />
        <TextField
          select
          size="small"
          label={t('admin.subscriptions.plan')}
          value={plan}
          onChange={(e) => setPlan(e.target.value as Grantable)}
          sx={{ flex: '1 0 150px', maxWidth: { sm: 200 } }}
        >
          {GRANTABLE_PLANS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(PLAN_LABELS[p] ?? p)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={t('admin.subscriptions.until')}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          helperText={t('admin.subscriptions.untilHint')}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 0 170px', maxWidth: { sm: 200 } }}
        />
        <TextField
          size="small"
          label={t('admin.subscriptions.nickname')}
          value={nickname}
          onChange={(e) => setNickname(e.target.value)}
          sx={{ flex: '1 0 170px', maxWidth: { sm: 240 } }}
        />
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={!team} loading={grant.isPending}>
          {t('admin.subscriptions.grantSubmit')}
        </Button>
      </Box>
    </Paper>
  );
}

/** Extend to a day, switch plan, or cancel one subscription. */
function RowActions({ sub }: { sub: SubscriptionItem }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [until, setUntil] = useState('');
  const done = () => void client.invalidateQueries({ queryKey: ADMIN_KEYS.subscriptionsAll });
  const extend = useMutation({
    mutationFn: (end: number | null) => subscriptionsApi.update(sub._id, { until: end }),
    onSuccess: () => {
      notify.success('admin.subscriptions.extended');
      setUntil('');
      done();
    },
    onError: (e) => notify.apiError(e),
  });
  const cancel = useMutation({
    mutationFn: () => subscriptionsApi.cancel(sub._id),
    onSuccess: () => {
      notify.success('admin.subscriptions.cancelledDone');
      done();
    },
    onError: (e) => notify.apiError(e),
  });
  if (sub.provider !== 'manual' || sub.status === 'cancelled') return null;
  const end = parisDayEnd(until);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        size="small"
        type="date"
        label={t('admin.subscriptions.newUntil')}
        value={until}
        onChange={(e) => setUntil(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 170 }}
      />
      <Button
        size="small"
        variant="outlined"
        disabled={end === undefined}
        loading={extend.isPending}
        onClick={() => end !== undefined && extend.mutate(end)}
        aria-label={t('admin.subscriptions.extendOf', { name: sub.nickname || sub.team.name })}
      >
        {t('admin.subscriptions.extend')}
      </Button>
      <Button
        size="small"
        color="error"
        loading={cancel.isPending}
        onClick={() => cancel.mutate()}
        aria-label={t('admin.subscriptions.cancelOf', { name: sub.nickname || sub.team.name })}
      >
        {t('admin.subscriptions.cancel')}
      </Button>
    </Box>
  );
}

/** Subscriptions of every team, for manual billing: grant, extend, cancel. */
export function SubscriptionsTab() {
  const { t } = useTranslation();
  const list = useListState();
  const [status, setStatus] = useState<SubscriptionStatus | ''>('');
  const query = useQuery(adminSubscriptionsQuery({ ...list.params, status }));
  const columns: Column<SubscriptionItem>[] = [
    { key: 'team', label: t('admin.subscriptions.team'), cell: (s) => s.team.name },
    {
      key: 'nickname',
      label: t('admin.subscriptions.nickname'),
      cell: (s) => s.nickname,
      wide: true,
    },
    {
      key: 'plan',
      label: t('admin.subscriptions.plan'),
      cell: (s) => t(PLAN_LABELS[s.plan.name] ?? s.plan.name),
    },
    {
      key: 'project',
      label: t('admin.subscriptions.project'),
      cell: (s) => s.project?.name ?? '—',
      wide: true,
    },
    {
      key: 'status',
      label: t('admin.subscriptions.statusLabel'),
      cell: (s) => (
        <Chip
          size="small"
          variant="outlined"
          color={SUBSCRIPTION_STATUS_COLOURS[s.status]}
          label={t(STATUS_LABELS[s.status])}
        />
      ),
    },
    {
      key: 'until',
      label: t('admin.subscriptions.until'),
      cell: (s) => (s.until ? formatLastDay(s.until) : t('admin.subscriptions.open')),
    },
    {
      key: 'actions',
      label: t('admin.subscriptions.actions'),
      cell: (s) => <RowActions sub={s} />,
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <GrantForm />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <SearchField
          label={t('admin.subscriptions.search')}
          value={list.search}
          onChange={list.setSearch}
        />
        <SelectFilter
          label={t('admin.subscriptions.statusLabel')}
          value={status}
          allLabel={t('admin.all')}
          options={SUBSCRIPTION_STATUSES.map((v) => ({ value: v, label: t(STATUS_LABELS[v]) }))}
          onChange={(v) => {
            setStatus(v);
            list.resetPage();
          }}
        />
      </Box>
      {query.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
      <PagedTable
        label={t('admin.tabs.subscriptions')}
        columns={columns}
        rows={query.data?.subscriptions}
        rowKey={(s) => s._id}
        total={query.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPage={list.onPage}
        loading={query.isPending}
        fetching={query.isFetching}
        error={false}
      />
    </Box>
  );
}
