import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ChecklistIcon from '@mui/icons-material/Checklist';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GatewaySummary } from '@atrium/contracts/project';
import { monitoredCountQuery } from './api/monitoring-api';
import { SectionCard } from './section-card';

interface Props {
  projectId: string;
  gateways: GatewaySummary[];
  canEdit: boolean;
  onPick: (gateway: GatewaySummary) => void;
}

/** How many addresses the project records, out of the plan's maximum, and per gateway. */
export function AddressesSection({ projectId, gateways, canEdit, onPick }: Props) {
  const { t } = useTranslation();
  const count = useQuery(monitoredCountQuery(projectId));
  const cpt = count.data?.cpt ?? 0;
  const max = count.data?.max ?? 0;
  const perGateway = (mac: string) => count.data?.monitored.find((m) => m.mac === mac)?.count ?? 0;
  return (
    <SectionCard
      testId="addresses-section"
      icon={<ChecklistIcon />}
      title={t('monitoring.addresses.title')}
      status={count.data ? t('monitoring.addresses.projectCounter', { count: cpt, max }) : '…'}
    >
      <LinearProgress
        variant="determinate"
        value={max ? Math.min(100, (cpt / max) * 100) : 0}
        color={max && cpt >= max ? 'warning' : 'primary'}
        aria-label={t('monitoring.addresses.title')}
        sx={{ height: 6, borderRadius: 3, my: 1.5, ml: { sm: 4.5 } }}
      />
      {gateways.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 4.5 } }}>
          {t('monitoring.addresses.noGateway')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 0.5, ml: { sm: 4.5 } }}>
        {gateways.map((gw) => (
          <Box key={gw.mac} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
            <RouterIcon fontSize="small" color={gw.online ? 'success' : 'disabled'} />
            <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {gw.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('monitoring.addresses.gatewayCount', { count: perGateway(gw.mac) })}
              </Typography>
            </Box>
            <Button size="small" onClick={() => onPick(gw)} disabled={!canEdit}>
              {t('monitoring.addresses.choose')}
            </Button>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
