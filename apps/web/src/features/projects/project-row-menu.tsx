import { useState } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import type { ProjectMenuAction } from './project-menu-actions';
import { PROJECT_MENU_ICONS } from './project-menu-items';

interface Props {
  projectName: string;
  disabled: boolean;
  canDelete: boolean;
  onAction: (action: ProjectMenuAction) => void;
}

const GROUPS: ProjectMenuAction[][] = [
  ['manageGateways', 'rename', 'delete'],
  ['addLicence', 'notifications', 'alerts', 'viewers'],
  ['copyId'],
];

/** Row menu of the projects list (spec §2). */
export function ProjectRowMenu({ projectName, disabled, canDelete, onAction }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const entries = GROUPS.map((group) => group.filter((a) => a !== 'delete' || canDelete));
  return (
    <>
      <IconButton
        size="small"
        disabled={disabled}
        aria-label={t('projects.rowMenu', { name: projectName })}
        aria-haspopup="menu"
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {entries.flatMap((group, i) => [
          ...(i > 0 ? [<Divider key={`divider-${i}`} />] : []),
          ...group.map((action) => (
            <MenuItem
              key={action}
              sx={action === 'delete' ? { color: 'error.main' } : undefined}
              onClick={() => {
                setAnchor(null);
                onAction(action);
              }}
            >
              <ListItemIcon sx={action === 'delete' ? { color: 'inherit' } : undefined}>
                {PROJECT_MENU_ICONS[action]}
              </ListItemIcon>
              <ListItemText>{t(`projects.menu.${action}`)}</ListItemText>
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}
