import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListSubheader from '@mui/material/ListSubheader';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import SettingsIcon from '@mui/icons-material/TuneOutlined';
import { useTranslation } from 'react-i18next';
import type { ProjectMenuAction } from './project-menu-actions';
import { PROJECT_MENU_ICONS } from './project-menu-items';

interface Props {
  canDelete: boolean;
  onAction: (action: ProjectMenuAction) => void;
}

/**
 * Options of the gateway table (spec §2): a project submenu (manage gateways,
 * rename, delete), add licence or addon, manage notifications, alerts, copy the project id.
 */
export function ProjectOptionsMenu({ canDelete, onAction }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [sub, setSub] = useState<HTMLElement | null>(null);
  // On phones a side submenu would cover its parent: the project entries are listed inline.
  const inline = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const close = () => {
    setSub(null);
    setAnchor(null);
  };
  const entry = (action: ProjectMenuAction, label = t(`projects.menu.${action}`)) => (
    <MenuItem
      key={action}
      sx={action === 'delete' ? { color: 'error.main' } : undefined}
      onClick={() => {
        close();
        onAction(action);
      }}
    >
      <ListItemIcon sx={action === 'delete' ? { color: 'inherit' } : undefined}>
        {PROJECT_MENU_ICONS[action]}
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  const projectEntries: ProjectMenuAction[] = [
    'manageGateways',
    'rename',
    ...(canDelete ? ['delete' as const] : []),
  ];

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SettingsIcon />}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('projectPage.options')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 250 } } }}
      >
        {inline ? (
          [
            <ListSubheader key="project" sx={{ lineHeight: '32px' }}>
              {t('projectPage.projectSubmenu')}
            </ListSubheader>,
            ...projectEntries.map((action) => entry(action)),
          ]
        ) : (
          <MenuItem
            aria-haspopup="menu"
            onClick={(e) => setSub(e.currentTarget)}
            selected={sub !== null}
          >
            <ListItemIcon>
              <FolderIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('projectPage.projectSubmenu')}</ListItemText>
            <ChevronRightIcon fontSize="small" color="action" />
          </MenuItem>
        )}
        <Divider />
        {entry('addLicence', t('projectPage.addLicenceOrAddon'))}
        {entry('notifications', t('projectPage.manageNotifications'))}
        {entry('alerts')}
        {entry('copyId')}
      </Menu>
      <Menu
        anchorEl={sub}
        open={sub !== null}
        onClose={() => setSub(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {projectEntries.map((action) => entry(action))}
      </Menu>
    </>
  );
}
