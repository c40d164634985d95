import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddchartIcon from '@mui/icons-material/Addchart';
import BarChartIcon from '@mui/icons-material/BarChart';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { bossDashboardUrl } from '@atrium/contracts/dashboards';
import { apiErrorCode } from '../../lib/api/error-key';
import { useConfirm } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import { dashboardsApi, dashboardsQuery } from '../../lib/api/dashboards-api';

/** Opens a dashboard in a new tab without opener (spec §2). */
function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Opens a signed-in console page in a new tab, then cuts its opener: the tab starts with a
 * copy of this tab's session (sessionStorage is copied only to a tab opened with an opener),
 * and has no `window.opener` afterwards (spec §2: without opener).
 */
function openConsoleTab(url: string): void {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
}

/**
 * The boss dashboard (roles table: partner domain, admin or licence bossnx = 1): the project's
 * boss dashboard, asked first (GET /api/bossnx/projects/{id}); when there is none (404) the
 * button offers to create it with the project's name (POST {projectName}).
 */
export function BossButton({ projectId, projectName }: { projectId: string; projectName: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [pending, setPending] = useState(false);
  const open = async () => {
    setPending(true);
    try {
      await dashboardsApi.boss(projectId);
      openConsoleTab(bossDashboardUrl(projectId));
    } catch (error) {
      const code = apiErrorCode(error);
      if (code === 'dashboardNotFound') {
        let created = false;
        await confirm({
          title: t('boss.createTitle'),
          message: t('boss.createMessage', { name: projectName }),
          confirmLabel: t('boss.createConfirm'),
          onConfirm: async () => {
            try {
              await dashboardsApi.bossCreate(projectId, projectName);
              created = true;
            } catch {
              notify.error('boss.createError', { duration: 3000 });
            }
          },
        });
        if (created) {
          notify.success('boss.created', { duration: 3000 });
          openConsoleTab(bossDashboardUrl(projectId));
        }
      } else if (code === 'bossnxNotLicensed') notify.error('bossnxNotLicensed');
      else notify.error('boss.loadError');
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DashboardIcon />}
      endIcon={<OpenInNewIcon fontSize="small" />}
      loading={pending}
      loadingPosition="start"
      onClick={() => void open()}
    >
      {t('projectPage.boss')}
    </Button>
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
  const list = useQuery({ ...dashboardsQuery(projectId), enabled: anchor !== null });
  // Owners open a dashboard by a one-day link (`?token`, spec §2); readers, who make no links,
  // open it in the console.
  const openDashboard = useMutation({
    mutationFn: (dashboardId: string) =>
      dashboardsApi.share('chartnx', projectId, dashboardId, '1d'),
    onSuccess: ({ url }) => openInNewTab(url),
    onError: (e) => notify.apiError(e),
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
        <ListSubheader sx={{ lineHeight: '32px' }}>{t('projectPage.openCharts')}</ListSubheader>
        {list.isError && (
          <MenuItem disabled>
            <ListItemText>{t('dashboards.loadError')}</ListItemText>
          </MenuItem>
        )}
        {list.data?.dashboards.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{t('dashboards.none')}</ListItemText>
          </MenuItem>
        )}
        {list.data?.dashboards.map((d) => (
          <MenuItem
            key={d._id}
            onClick={go(() =>
              canEdit
                ? openDashboard.mutate(d._id)
                : openConsoleTab(`/chartnx-generator/${id}/${encodeURIComponent(d._id)}`),
            )}
          >
            <ListItemIcon>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{d.name}</ListItemText>
          </MenuItem>
        ))}
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
