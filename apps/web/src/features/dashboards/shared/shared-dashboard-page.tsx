import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_TOKEN_PATTERN,
  type BossDataReply,
  type DashboardDataReply,
  type SharedDashboardReply,
} from '@atrium/contracts/dashboards';
import { apiErrorCode } from '../../../lib/api/error-key';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { formatDateTime } from '../../../lib/dates';
import { LanguageMenu } from '../../../ui/language-menu';
import { Logo } from '../../../ui/logo';
import { DASHBOARD_REFRESH_MS, sharedApi } from '../../../lib/api/dashboards-api';
import { BossView } from '../boss-view';
import { DashboardGrid } from '../dashboard-grid';
import { useLiveValues } from '../use-live-values';
import { applyLiveValues, applySeriesValues, latestOf } from '../widget-data';

type Refusal = 'dashboardTokenInvalid' | 'dashboardTokenRevoked' | 'dashboardTokenExpired';

/** The refusal's message key from a failed read. */
function refusalOf(error: unknown): Refusal | 'dataNotLoaded' {
  const code = apiErrorCode(error);
  return code === 'dashboardTokenRevoked' ||
    code === 'dashboardTokenExpired' ||
    code === 'dashboardTokenInvalid'
    ? code
    : 'dataNotLoaded';
}

function ChartBody({
  token,
  shared,
}: {
  token: string;
  shared: SharedDashboardReply & { type: 'chartnx' };
}) {
  const data = useQuery({
    queryKey: QUERY_KEYS.sharedData(token),
    queryFn: ({ signal }) => sharedApi.chartData(token, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: false,
  });
  const [live, setLive] = useState<DashboardDataReply | undefined>(undefined);
  useEffect(() => setLive(data.data), [data.data]);
  const refusal = useLiveValues({ token }, (event) =>
    setLive((d) => (d ? applyLiveValues(d, event) : d)),
  );
  return (
    <Body refusal={refusal ?? (data.isError ? refusalOf(data.error) : null)}>
      <DashboardGrid widgets={shared.dashboard.form.widgets} data={live} />
    </Body>
  );
}

function BossBody({ token }: { token: string }) {
  const data = useQuery({
    queryKey: QUERY_KEYS.sharedData(token),
    queryFn: ({ signal }) => sharedApi.bossData(token, signal),
    refetchInterval: 30_000,
    retry: false,
  });
  const [live, setLive] = useState<BossDataReply | undefined>(undefined);
  useEffect(() => setLive(data.data), [data.data]);
  const refusal = useLiveValues({ token }, (event) =>
    setLive((d) =>
      d ? { ...d, keyValues: applySeriesValues(d.keyValues, latestOf(event), false) } : d,
    ),
  );
  return (
    <Body refusal={refusal ?? (data.isError ? refusalOf(data.error) : null)}>
      {live ? <BossView data={live} /> : <Skeleton variant="rounded" height={240} />}
    </Body>
  );
}

function Body({ refusal, children }: { refusal: string | null; children: React.ReactNode }) {
  const { t } = useTranslation();
  if (refusal)
    return (
      <Alert severity="warning" role="alert" data-testid="shared-refused">
        {t(refusal)}
      </Alert>
    );
  return <>{children}</>;
}

/**
 * A dashboard shared read-only by a link (`/shared/dashboard?token=…`, decision 0032): no
 * account; the token goes in its header to the two shared reads and opens a socket in its
 * own room. A revoked or expired link says so, at once when it happens on screen.
 */
export function SharedDashboardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = DASHBOARD_TOKEN_PATTERN.test(token);
  const shared = useQuery({
    queryKey: QUERY_KEYS.shared(token),
    queryFn: ({ signal }) => sharedApi.dashboard(token, signal),
    enabled: wellFormed,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const title =
    shared.data?.type === 'chartnx'
      ? shared.data.dashboard.name
      : shared.data?.type === 'bossnx'
        ? shared.data.dashboard.projectName
        : t('shared.title');
  useEffect(() => {
    document.title = `${title} · Atrium Cloud`;
  }, [title]);
  const refusal = !wellFormed
    ? 'dashboardTokenInvalid'
    : shared.isError
      ? refusalOf(shared.error)
      : null;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 1.5, sm: 3 },
          py: 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Logo />
        <Box sx={{ flex: 1 }} />
        <LanguageMenu color="primary" />
      </Box>
      <Container
        maxWidth="xl"
        component="main"
        sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}
      >
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {shared.data && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {shared.data.projectName}
            {' · '}
            {shared.data.expiresAt === null
              ? t('shared.noExpiry')
              : t('dashboards.share.expires', { date: formatDateTime(shared.data.expiresAt) })}
          </Typography>
        )}
        {refusal && (
          <Alert severity="warning" role="alert" data-testid="shared-refused" sx={{ mt: 2 }}>
            {t(refusal)}
          </Alert>
        )}
        {shared.isPending && wellFormed && <Skeleton variant="rounded" height={320} />}
        {shared.data?.type === 'chartnx' && <ChartBody token={token} shared={shared.data} />}
        {shared.data?.type === 'bossnx' && <BossBody token={token} />}
      </Container>
    </Box>
  );
}
