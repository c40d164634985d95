import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import UpdateIcon from '@mui/icons-material/SystemUpdateAltOutlined';
import { useTranslation } from 'react-i18next';
import type { FleetSummary } from '@atrium/contracts/fleet';
import { numberFormat } from '../../lib/locale';
import { projectsListUrl } from './projects-link';

type Tone = 'success' | 'error' | 'warning' | 'primary';

interface Kpi {
  id: 'online' | 'offline' | 'outdated' | 'total';
  labelKey: string;
  hintKey: string;
  value: number;
  icon: ReactElement;
  /** The colour when the count matters; grey when it is zero (the icon and text still say it). */
  tone: Tone;
  to: string;
}

function kpisOf(g: FleetSummary['gateways'], admin: boolean): Kpi[] {
  return [
    {
      id: 'online',
      labelKey: 'home.kpi.online',
      hintKey: 'home.kpi.onlineHint',
      value: g.online,
      icon: <CheckCircleIcon />,
      tone: 'success',
      to: projectsListUrl({ online: ['2', '1'] }),
    },
    {
      id: 'offline',
      labelKey: 'home.kpi.offline',
      hintKey: 'home.kpi.offlineHint',
      value: g.offline,
      icon: <CloudOffIcon />,
      tone: 'error',
      to: projectsListUrl({ online: ['0', '1'] }),
    },
    {
      id: 'outdated',
      labelKey: 'home.kpi.outdated',
      hintKey: 'home.kpi.outdatedHint',
      value: g.outdated,
      icon: <UpdateIcon />,
      tone: 'warning',
      to: projectsListUrl(),
    },
    {
      id: 'total',
      labelKey: 'home.kpi.total',
      hintKey: admin ? 'home.kpi.totalHintAdmin' : 'home.kpi.totalHint',
      value: g.total,
      icon: <RouterIcon />,
      tone: 'primary',
      to: projectsListUrl(),
    },
  ];
}

/** The four counts of the fleet, each a link to the projects list (filtered when it can be). */
export function FleetKpis({
  gateways,
  admin,
}: {
  gateways: FleetSummary['gateways'];
  admin: boolean;
}) {
  const { t } = useTranslation();
  const format = numberFormat();
  return (
    <Box
      component="ul"
      aria-label={t('home.kpi.label')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {kpisOf(gateways, admin).map((k) => {
        const color = k.value > 0 || k.id === 'total' ? `${k.tone}.main` : 'text.disabled';
        return (
          <Card component="li" key={k.id} variant="outlined" data-testid={`kpi-${k.id}`}>
            <CardActionArea
              component={RouterLink}
              to={k.to}
              sx={{ p: 2, height: '100%', display: 'flex', alignItems: 'flex-start', gap: 1.5 }}
            >
              <Box sx={{ color, display: 'flex', pt: 0.5, '& svg': { fontSize: 28 } }} aria-hidden>
                {k.icon}
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontSize: { xs: 26, sm: 32 }, fontWeight: 700, lineHeight: 1.1 }}>
                  {format.format(k.value)}
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>{t(k.labelKey)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(k.hintKey)}
                </Typography>
              </Box>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
