import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import LockIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import type { GatewayDetails, GatewayItem } from '@atrium/contracts/gateway';
import type { VersionStatus } from '@atrium/contracts/version';
import { ActionsPanel } from './actions/actions-panel';
import { EventsSection } from './events/events-section';
import { FirmwareCard } from './firmware/firmware-card';
import type { useFirmwareUpdate } from './firmware/use-firmware-update';
import { IdentityCard } from './header/identity-card';
import { InfoTable } from './info/info-table';
import type { DetailAccess } from './model/access';
import { detailButtons, type DetailButton } from './model/buttons';

interface Props {
  gateway: GatewayItem;
  details: UseQueryResult<GatewayDetails>;
  latest: string | undefined;
  status: VersionStatus | undefined;
  access: DetailAccess;
  firmware: ReturnType<typeof useFirmwareUpdate>;
  onButton: (id: DetailButton) => void;
  onReboot: (() => void) | null;
  onWizard: () => void;
  /** The remote access log (not for viewers). */
  onVpnLog: () => void;
}

interface SectionProps {
  title: string;
  children: ReactNode;
  /** A secondary action beside the title. */
  action?: ReactNode;
}

function Section({ title, children, action }: SectionProps) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** Identity and firmware, the info table, then the buttons panel (spec §2). */
export function DetailBody(props: Props) {
  const { gateway: gw, details, access } = props;
  const { t } = useTranslation();
  const online = details.data?.online ?? gw.online;
  const protect = details.data?.protect ?? gw.protect;
  const buttons = detailButtons({ ...gw, protect }, online, access);
  const needsPasswords = !gw.initpswds && !access.readOnly && gw.virtual !== 1;
  // Reading the log changes nothing on the gateway: offline or protected, it stays open.
  const vpnLog = !access.readOnly && gw.virtual !== 1 && (
    <Button size="small" startIcon={<HistoryIcon />} onClick={props.onVpnLog}>
      {t('gatewayDetail.vpnLog.open')}
    </Button>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {protect && (
        <Alert severity="warning" icon={<LockIcon />}>
          {t('gatewayDetail.protectedBanner')}
        </Alert>
      )}
      {details.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '340px 1fr' } }}>
        <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 2.5 } }}>
          <IdentityCard gateway={gw} />
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('gatewayDetail.firmware.title')}
          </Typography>
          <FirmwareCard
            gateway={gw}
            latest={props.latest}
            isAdmin={access.isAdmin}
            readOnly={access.readOnly}
            actions={props.firmware}
          />
        </Paper>
        <Section title={t('gatewayDetail.info.title')}>
          <InfoTable
            mac={gw.mac}
            details={details.data}
            virtual={gw.virtual === 1}
            onReboot={props.onReboot}
          />
        </Section>
      </Box>
      <Section title={t('gatewayDetail.actions.title')} action={vpnLog}>
        {needsPasswords && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={props.onWizard}
                disabled={protect || (!online && !access.isAdmin)}
              >
                {t('gatewayDetail.actions.setUpPasswords')}
              </Button>
            }
          >
            {t('gatewayDetail.actions.passwordsMissing')}
          </Alert>
        )}
        <ActionsPanel buttons={buttons} onOpen={props.onButton} />
      </Section>
      <Section title={t('gatewayEvents.title')}>
        <EventsSection mac={gw.mac} />
      </Section>
    </Box>
  );
}
