import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AddchartIcon from '@mui/icons-material/Addchart';
import BarChartIcon from '@mui/icons-material/BarChart';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { LINKS } from '../../config/env';
import { notify } from '../../ui/snackbar';
import { projectsApi } from './api/projects-api';

/** Opens a dashboard in a new tab without opener (spec §2). */
function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Boss dashboard address of a project: `/login?bossnxId={id}`. */
const bossUrl = (base: string, projectId: string) =>
  `${base}/login?bossnxId=${encodeURIComponent(projectId)}`;

/** The boss dashboard, or a disabled button saying it is not available yet (no address). */
export function BossButton({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const base = LINKS.bossnx;
  const button = (
    <Button
      variant="outlined"
      startIcon={<DashboardIcon />}
      endIcon={<OpenInNewIcon fontSize="small" />}
      disabled={!base}
      onClick={() => base && openInNewTab(bossUrl(base, projectId))}
    >
      {t('projectPage.boss')}
    </Button>
  );
  if (base) return button;
  return (
    <Tooltip title={t('dashboardNotAvailable')}>
      {/* A disabled button fires no events; the span lets the tooltip show. */}
      <span>{button}</span>
    </Tooltip>
  );
}

/**
 * Chart dashboards: the generator (new dashboard), the dashboards, and the energy
 * dashboard generator; readers (`canEdit` false) only open the dashboards.
 */
export function ChartsMenu({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // A chart dashboard address carries a short-lived `?token` obtained from the server.
  const openCharts = useMutation({
    mutationFn: projectsApi.chartsToken,
    onSuccess: ({ token }) =>
      LINKS.chartnx && openInNewTab(`${LINKS.chartnx}/?token=${encodeURIComponent(token)}`),
    onError: () => notify.error(),
  });
  const go = (run: () => void) => () => {
    setAnchor(null);
    run();
  };
  const id = encodeURIComponent(projectId);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BarChartIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('projectPage.charts')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {canEdit && (
          <MenuItem onClick={go(() => void navigate(`/chartnx-generator/${id}`))}>
            <ListItemIcon>
              <AddchartIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('projectPage.newChart')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem disabled={!LINKS.chartnx} onClick={go(() => openCharts.mutate(projectId))}>
          <ListItemIcon>
            <OpenInNewIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText secondary={LINKS.chartnx ? undefined : t('dashboardNotAvailable')}>
            {t('projectPage.openCharts')}
          </ListItemText>
        </MenuItem>
        {canEdit && [
          <Divider key="divider" />,
          <ListSubheader key="energy" sx={{ lineHeight: '32px' }}>
            {t('projectPage.energy')}
          </ListSubheader>,
          <MenuItem key="grafnx" onClick={go(() => void navigate(`/grafnx-generator/${id}`))}>
            <ListItemIcon>
              <BoltIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('projectPage.energyGenerator')}</ListItemText>
          </MenuItem>,
        ]}
      </Menu>
    </>
  );
}
