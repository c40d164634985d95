import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import CardMembershipIcon from '@mui/icons-material/CardMembershipOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from 'react-i18next';
import type { SessionClaims } from '@atrium/contracts/user';
import {
  canAddProject,
  canImportCsv,
  canManageAccounts,
  canManageSubscriptions,
} from '../../lib/session/permissions';
import type { ProjectDialog } from './project-dialogs';

interface Props {
  user: SessionClaims;
  onAddProject: () => void;
  onManageAccounts: () => void;
  onOpen: (dialog: ProjectDialog) => void;
}

/** The admin-area buttons of the projects list, by rank (spec §6). */
export function AdminArea({ user, onAddProject, onManageAccounts, onOpen }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // On phones the secondary buttons keep only their icon, so the actions fit on one line.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const secondary = (label: string, icon: ReactNode, onClick: () => void) =>
    phone ? (
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          onClick={onClick}
          color="primary"
          sx={{ border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          {icon}
        </IconButton>
      </Tooltip>
    ) : (
      <Button variant="outlined" startIcon={icon} onClick={onClick}>
        {label}
      </Button>
    );
  const importCsv = (importKind: 'gateways' | 'licences') => {
    setAnchor(null);
    onOpen({ kind: 'import', importKind });
  };
  return (
    <>
      {canManageAccounts(user.rank) &&
        secondary(t('projects.admin.accounts'), <PeopleIcon />, onManageAccounts)}
      {canManageSubscriptions(user) &&
        secondary(t('projects.admin.subscriptions'), <CardMembershipIcon />, () =>
          onOpen({ kind: 'subscriptions' }),
        )}
      {canAddProject(user.rank) && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAddProject}>
          {t('projects.actions.add')}
        </Button>
      )}
      {canImportCsv(user.rank) && (
        <>
          <Tooltip title={t('projects.admin.settings')}>
            <IconButton
              aria-label={t('projects.admin.settings')}
              aria-haspopup="menu"
              onClick={(e) => setAnchor(e.currentTarget)}
              sx={{ bgcolor: 'background.paper', boxShadow: 1 }}
            >
              <SettingsIcon />
            </IconButton>
          </Tooltip>
          <Menu
            anchorEl={anchor}
            open={anchor !== null}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <MenuItem onClick={() => importCsv('gateways')}>
              <ListItemIcon>
                <RouterIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('projects.admin.addWaitingGateways')}</ListItemText>
            </MenuItem>
            <MenuItem onClick={() => importCsv('licences')}>
              <ListItemIcon>
                <KeyIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('projects.admin.addLicences')}</ListItemText>
            </MenuItem>
          </Menu>
        </>
      )}
    </>
  );
}
