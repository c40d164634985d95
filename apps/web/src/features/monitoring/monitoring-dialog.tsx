import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import ElectricMeterIcon from '@mui/icons-material/ElectricMeterOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { GatewaySummary } from '@atrium/contracts/project';
import { projectQuery } from '../../lib/api/project-query';
import { formatDateTime } from '../../lib/dates';
import { canEditProject } from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';
import { AddressesSection } from './addresses-section';
import { DialogHeader } from '../../ui/dialog-header';
import { EtsDialog } from './ets-dialog';
import { GraphDialog } from './graph-dialog';
import { MonitoredAddressesDialog } from './monitored-addresses-dialog';
import { etsInfosQuery } from './api/monitoring-api';
import { RecordingSection } from './recording-section';
import { SectionCard } from './section-card';
import { ThresholdsDialog } from './thresholds-dialog';
import { ThresholdsSection } from './thresholds-section';
import { VoltageDialog } from './voltage-dialog';

interface Props {
  project: { _id: string; name: string };
  onClose: () => void;
}

type Sub =
  | { kind: 'ets' | 'thresholds' | 'voltage' | 'graph' }
  | { kind: 'addresses'; gateway: GatewaySummary };

/**
 * Monitoring/recording dialog (spec document 2 §2 dialog 7): recording status and
 * pause, monitored addresses per gateway, ETS file, thresholds, voltage monitoring, and the
 * way to the graphs and to the Modbus meters route.
 */
export function MonitoringDialog({ project, onClose }: Props) {
  const { t } = useTranslation();
  const user = useSession();
  const navigate = useNavigate();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const query = useQuery(projectQuery(project._id));
  const ets = useQuery(etsInfosQuery(project._id));
  const [sub, setSub] = useState<Sub | null>(null);
  const data = query.data;
  const canEdit = !!user && !!data && canEditProject(user.rank, data.role);
  const voltage = data?.logger.voltage;
  const names = new Map((data?.gateways ?? []).map((g) => [g.mac, g.name]));
  const closeSub = () => setSub(null);

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        fullScreen={fullScreen}
        aria-labelledby="monitoring-dialog-title"
        slotProps={{ paper: { sx: fullScreen ? {} : { width: 640, maxWidth: '95vw' } } }}
      >
        <DialogHeader
          id="monitoring-dialog-title"
          title={t('monitoring.title')}
          subtitle={project.name}
          onClose={onClose}
        />
        <DialogContent dividers sx={{ display: 'grid', gap: 1.5, bgcolor: 'background.default' }}>
          {query.isPending && <Skeleton variant="rounded" height={320} />}
          {query.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
          {data && (
            <>
              <RecordingSection projectId={data._id} logger={data.logger} canEdit={canEdit} />
              <AddressesSection
                projectId={data._id}
                gateways={data.gateways}
                canEdit={canEdit}
                onPick={(gateway) => setSub({ kind: 'addresses', gateway })}
              />
              <SectionCard
                testId="ets-section"
                icon={<DescriptionIcon />}
                title={t('monitoring.ets.title')}
                status={
                  ets.data
                    ? t('monitoring.ets.summary', {
                        name: ets.data.name,
                        date: formatDateTime(ets.data.timestamp),
                      })
                    : t('monitoring.ets.none')
                }
                action={
                  <Button variant="outlined" onClick={() => setSub({ kind: 'ets' })}>
                    {t('monitoring.ets.open')}
                  </Button>
                }
              />
              <ThresholdsSection
                thresholds={data.logger.thresholds}
                canEdit={canEdit}
                onOpen={() => setSub({ kind: 'thresholds' })}
              />
              <SectionCard
                testId="voltage-section"
                icon={<BoltIcon />}
                title={t('monitoring.voltage.title')}
                status={
                  voltage?.activate
                    ? t('monitoring.voltage.summary', {
                        min: voltage.minimum ?? '—',
                        max: voltage.maximum ?? '—',
                      })
                    : t('monitoring.voltage.off')
                }
                action={
                  canEdit && (
                    <Button variant="outlined" onClick={() => setSub({ kind: 'voltage' })}>
                      {t('monitoring.voltage.configure')}
                    </Button>
                  )
                }
              />
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            startIcon={<ElectricMeterIcon />}
            onClick={() => {
              onClose();
              void navigate(
                `/projects/${encodeURIComponent(project._id)}/modbus-configuration-new/meters`,
              );
            }}
            sx={{ mr: 'auto' }}
          >
            {t('monitoring.meters')}
          </Button>
          <Button startIcon={<ShowChartIcon />} onClick={() => setSub({ kind: 'graph' })}>
            {t('monitoring.graph.title')}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {t('dialog.close')}
          </Button>
        </DialogActions>
      </Dialog>
      {sub?.kind === 'ets' && <EtsDialog project={project} canEdit={canEdit} onClose={closeSub} />}
      {sub?.kind === 'thresholds' && data && (
        <ThresholdsDialog
          project={project}
          gateways={data.gateways}
          canEdit={canEdit}
          onClose={closeSub}
        />
      )}
      {sub?.kind === 'voltage' && voltage && (
        <VoltageDialog project={project} voltage={voltage} onClose={closeSub} />
      )}
      {sub?.kind === 'graph' && <GraphDialog project={project} onClose={closeSub} />}
      {sub?.kind === 'addresses' && (
        <MonitoredAddressesDialog gateway={sub.gateway} gatewayNames={names} onClose={closeSub} />
      )}
    </>
  );
}
