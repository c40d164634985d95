import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { PAID_PLANS, PLANS, type PaidPlan, type PlanName } from '@atrium/contracts/plans';
import {
  SUBSCRIPTION_STATUS_COLOURS,
  type SubscriptionItem,
  type SubscriptionStatus,
} from '@atrium/contracts/subscriptions';
import { errorMessageKey } from '../../../lib/api/error-key';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { formatDateTime } from '../../../lib/dates';
import { numberFormat } from '../../../lib/locale';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { notify } from '../../../ui/snackbar';
import { projectsQuery } from '../api/projects-api';
import {
  hasFreeTrialQuery,
  SUBSCRIPTION_KEYS,
  subscriptionsApi,
  subscriptionsQuery,
} from '../api/subscriptions-api';

/** Opens a URL in a new tab that cannot reach back to the console (document 2 §2, dialog 10). */
export function openInNewTab(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Columns shown from 900 px only: on a phone the row keeps name, project, status, action. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

const STATUS_LABEL: Record<SubscriptionStatus, string> = {
  active: 'subscriptions.status.active',
  cancelled: 'subscriptions.status.cancelled',
  past_due: 'subscriptions.status.past_due',
  other: 'subscriptions.status.unknown',
};

/** The status chip: the spec's colour and a text label (document 2 §4). */
export function StatusChip({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={SUBSCRIPTION_STATUS_COLOURS[status]}
      label={t(STATUS_LABEL[status])}
      data-status={status}
    />
  );
}

/** What a plan grants, in one line. */
function PlanGrants({ plan }: { plan: PlanName }) {
  const { t } = useTranslation();
  const p = PLANS[plan];
  return (
    <Typography variant="body2" color="text.secondary">
      {t('subscriptions.grants', {
        addresses: numberFormat().format(p.addresses),
        thresholds: p.maxThresholds,
        months: p.retentionMonths,
        hours: p.vpnHours,
      })}
    </Typography>
  );
}

const SHOWN_PLANS: readonly PlanName[] = ['free', 'trial', ...PAID_PLANS];

function PlansTable({ onBuy, busy }: { onBuy: (plan: PaidPlan) => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {SHOWN_PLANS.map((plan) => (
        <Box
          component="li"
          key={plan}
          sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
        >
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography fontWeight={500}>{t(`subscriptions.plans.${plan}`)}</Typography>
            <PlanGrants plan={plan} />
          </Box>
          {(PAID_PLANS as readonly string[]).includes(plan) && (
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => onBuy(plan as PaidPlan)}
            >
              {t('subscriptions.subscribe')}
            </Button>
          )}
        </Box>
      ))}
    </Stack>
  );
}

type Project = {
  _id: string;
  name: string;
  role: string;
  logger: { subscription: string; endlogdate: number };
};

function TrialSection({ projects }: { projects: Project[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const available = useQuery(hasFreeTrialQuery());
  const [projectId, setProjectId] = useState('');
  const running = projects.filter((p) => p.logger.subscription === 'trial');
  const eligible = projects.filter(
    (p) => p.role === 'owner' && p.logger.subscription === 'free' && p.logger.endlogdate === 1,
  );
  const start = useMutation({
    mutationFn: subscriptionsApi.startTrial,
    onSuccess: async (r) => {
      notify.success('subscriptions.trialStarted', {
        values: { date: formatDateTime(r.trialEnds) },
      });
      setProjectId('');
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.all });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.projects });
    },
    onError: (error) => notify.apiError(error),
  });
  const onStart = async () => {
    const project = eligible.find((p) => p._id === projectId);
    if (!project) return;
    const ok = await confirm({
      title: t('subscriptions.startTrial'),
      message: t('subscriptions.trialConfirm', { name: project.name }),
    });
    if (ok) start.mutate(project._id);
  };
  return (
    <Stack spacing={1}>
      {running.map((p) => (
        <Typography key={p._id} variant="body2">
          {t('subscriptions.trialUntil', {
            name: p.name,
            date: formatDateTime(p.logger.endlogdate),
          })}
        </Typography>
      ))}
      {available.data === false && running.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('subscriptions.trialUsed')}
        </Typography>
      )}
      {available.data === true && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('subscriptions.project')}
            value={projectId}
            onChange={(e) => setProjectId(e.target.value)}
            sx={{ minWidth: 220 }}
            disabled={eligible.length === 0}
          >
            {eligible.map((p) => (
              <MenuItem key={p._id} value={p._id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={!projectId || start.isPending}
            onClick={() => void onStart()}
          >
            {t('subscriptions.startTrial')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function SubscriptionRow({ sub, projects }: { sub: SubscriptionItem; projects: Project[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.all });
    await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.projects });
  };
  const link = useMutation({
    mutationFn: (projectId: string) => subscriptionsApi.link(sub._id, projectId),
    onSuccess: async () => {
      notify.success('subscriptions.linked');
      await refresh();
    },
    onError: (error) => notify.apiError(error),
  });
  const granting = sub.status === 'active' || sub.status === 'past_due';
  const onUnsubscribe = () =>
    void confirm({
      title: t('subscriptions.unsubscribe'),
      message: t('subscriptions.unsubscribeConfirm', { name: sub.nickname }),
      onConfirm: async () => {
        try {
          await subscriptionsApi.unsubscribe(sub._id);
          notify.success('subscriptions.unsubscribed');
          await refresh();
        } catch (error) {
          notify.apiError(error);
        }
      },
    });
  return (
    <TableRow>
      <TableCell>{sub.nickname}</TableCell>
      <TableCell sx={WIDE_ONLY}>{t(`subscriptions.plans.${sub.plan.name}`)}</TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          variant="standard"
          value={sub.project?._id ?? ''}
          disabled={!granting || link.isPending}
          onChange={(e) => link.mutate(e.target.value)}
          slotProps={{
            select: { displayEmpty: true },
            htmlInput: { 'aria-label': t('subscriptions.linkTo', { name: sub.nickname }) },
          }}
          sx={{ minWidth: 110 }}
        >
          <MenuItem value="" disabled>
            {t('subscriptions.noProject')}
          </MenuItem>
          {projects
            .filter((p) => p.role === 'owner')
            .map((p) => (
              <MenuItem key={p._id} value={p._id}>
                {p.name}
              </MenuItem>
            ))}
        </TextField>
      </TableCell>
      <TableCell>
        <StatusChip status={sub.status} />
      </TableCell>
      <TableCell sx={WIDE_ONLY}>{sub.until ? formatDateTime(sub.until) : '—'}</TableCell>
      <TableCell align="right">
        {granting && (
          <Button size="small" color="error" onClick={onUnsubscribe}>
            {t('subscriptions.unsubscribe')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * Subscriptions dialog (document 2 §2, dialog 10; issue 17): the team's subscriptions with
 * their status, the plans and what each grants, the free trial and the billing portal.
 */
export function SubscriptionsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const list = useQuery(subscriptionsQuery());
  const projects = useQuery(projectsQuery());
  const portal = useMutation({
    mutationFn: subscriptionsApi.portal,
    onSuccess: openInNewTab,
    onError: (error) => notify.apiError(error),
  });
  const buy = useMutation({
    mutationFn: subscriptionsApi.buy,
    onSuccess: (r) => openInNewTab(r.url),
    onError: (error) => notify.apiError(error),
  });
  const owned = (projects.data ?? []) as Project[];
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="subscriptions-title"
      slotProps={{ paper: { sx: { width: 820, maxWidth: '95vw' } } }}
    >
      <DialogTitle id="subscriptions-title">{t('projects.admin.subscriptions')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <section aria-labelledby="subscriptions-list">
            <Typography id="subscriptions-list" variant="subtitle1" component="h3" gutterBottom>
              {t('subscriptions.listTitle')}
            </Typography>
            {list.isPending && (
              <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
                <CircularProgress size={24} />
              </Box>
            )}
            {list.isError && <Alert severity="error">{t(errorMessageKey(list.error))}</Alert>}
            {list.isSuccess && list.data.length === 0 && (
              <Typography color="text.secondary">{t('subscriptions.empty')}</Typography>
            )}
            {list.isSuccess && list.data.length > 0 && (
              <TableContainer>
                <Table size="small" sx={{ '& td, & th': { px: { xs: 1, md: 2 } } }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('subscriptions.columns.name')}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{t('subscriptions.columns.plan')}</TableCell>
                      <TableCell>{t('subscriptions.columns.project')}</TableCell>
                      <TableCell>{t('subscriptions.columns.status')}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{t('subscriptions.columns.until')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.data.map((sub) => (
                      <SubscriptionRow key={sub._id} sub={sub} projects={owned} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </section>
          <section aria-labelledby="subscriptions-trial">
            <Typography id="subscriptions-trial" variant="subtitle1" component="h3" gutterBottom>
              {t('subscriptions.trialTitle')}
            </Typography>
            <TrialSection projects={owned} />
          </section>
          <section aria-labelledby="subscriptions-plans">
            <Typography id="subscriptions-plans" variant="subtitle1" component="h3" gutterBottom>
              {t('subscriptions.plansTitle')}
            </Typography>
            <PlansTable onBuy={(plan) => buy.mutate(plan)} busy={buy.isPending} />
          </section>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          startIcon={<OpenInNewIcon />}
          onClick={() => portal.mutate()}
          disabled={portal.isPending}
        >
          {t('subscriptions.portal')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button color="inherit" onClick={onClose}>
          {t('dialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
