import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { LINKS } from '../../../config/env';
import { dashboardTokens, type DashboardService } from '../api/dashboard-tokens';
import { useGatewayCommand } from '../api/use-gateway-command';
import { DetailDialog } from './detail-dialog';
import { openWhenReady } from './open-in-new-tab';
import { PermanentLink } from './permanent-link';

interface Props {
  service: DashboardService;
  title: string;
  projectId: string;
  mac: string;
  readOnly: boolean;
  onClose: () => void;
}

const dashboardUrl = (base: string, token: string) => `${base}/?token=${encodeURIComponent(token)}`;

/** Link (klocknx) and emergency (emergynx) dialogs: open with a token, permanent link (spec §2). */
export function DashboardLinkDialog({ service, title, projectId, mac, readOnly, onClose }: Props) {
  const { t } = useTranslation();
  const base = LINKS[service];
  // No address for this dashboard yet: say so, rather than open one that does not resolve.
  if (!base) {
    return (
      <DetailDialog title={title} onClose={onClose}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('dashboardNotAvailable')}
        </Alert>
        <Button variant="contained" startIcon={<OpenInNewIcon />} disabled>
          {t('gatewayDetail.link.open')}
        </Button>
      </DetailDialog>
    );
  }
  return (
    <AvailableDashboard {...{ service, title, projectId, mac, readOnly, onClose }} base={base} />
  );
}

function AvailableDashboard({
  service,
  title,
  projectId,
  mac,
  readOnly,
  onClose,
  base,
}: Props & { base: string }) {
  const { t } = useTranslation();
  // The token is installed on the gateway (valid 1 h) before the dashboard opens with it.
  const opening = useGatewayCommand(() => dashboardTokens.open(service, projectId, mac));
  // The tab opens within the click (popup blockers), then goes to the address; a failure
  // closes it and is shown by the mutation.
  const open = () =>
    openWhenReady(async () => dashboardUrl(base, (await opening.mutateAsync()).token)).catch(
      () => undefined,
    );
  return (
    <DetailDialog title={title} onClose={onClose}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('gatewayDetail.link.openHint')}
      </Typography>
      <Button
        variant="contained"
        startIcon={
          opening.isPending ? <CircularProgress size={16} color="inherit" /> : <OpenInNewIcon />
        }
        disabled={opening.isPending}
        onClick={() => void open()}
      >
        {t('gatewayDetail.link.open')}
      </Button>
      <Divider sx={{ my: 3 }} />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="subtitle2">{t('gatewayDetail.link.permanent')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('gatewayDetail.link.permanentHint')}
        </Typography>
        <PermanentLink
          service={service}
          projectId={projectId}
          mac={mac}
          readOnly={readOnly}
          urlOf={(token) => dashboardUrl(base, token)}
        />
      </Box>
    </DetailDialog>
  );
}
