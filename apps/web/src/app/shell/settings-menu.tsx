import { useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import NewReleasesIcon from '@mui/icons-material/NewReleasesOutlined';
import { useTranslation } from 'react-i18next';
import type { Rank } from '@atrium/contracts/limits';
import type { SessionClaims } from '@atrium/contracts/user';
import { PARTNER_DOMAINS } from '../../config/env';
import { canOpenFlowEditorModules } from '../../lib/session/permissions';
import { signOut } from '../../lib/session/session';
import { useModifyPassword } from './use-modify-password';

/** The ranks that read the team activity log (issue 16). */
const ACTIVITY_READERS: readonly Rank[] = ['admin', 'supervisor', 'manager'];

function initials(user: SessionClaims): string {
  const source = user.name.trim() || user.email;
  const parts = source.split(/[\s.@_-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** Account menu: flow-editor modules (admin), patch notes, modify password, disconnect. */
export function SettingsMenu({ user }: { user: SessionClaims }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const modifyPassword = useModifyPassword();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    void navigate(to);
  };

  return (
    <>
      <Tooltip title={t('shell.settings')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('shell.settings')}
          aria-haspopup="menu"
          sx={{ p: 0.5 }}
        >
          <Avatar
            // The initials are drawn by CSS: the button's accessible name is the menu's, and
            // visible text outside it would break axe's label-content-name-mismatch.
            sx={{
              '& .initials::after': { content: 'attr(data-initials)' },
              width: 34,
              height: 34,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              fontSize: 14,
              fontWeight: 700,
            }}
          >
            <span data-initials={initials(user)} className="initials" />
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {user.name || user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
            {t(`rank.${user.rank}`)}
          </Typography>
        </Box>
        <Divider />
        {canOpenFlowEditorModules(user, PARTNER_DOMAINS) && (
          <MenuItem onClick={() => go('/node-red')}>
            <ListItemIcon>
              <AccountTreeIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('shell.flowEditorModules')}</ListItemText>
          </MenuItem>
        )}
        {ACTIVITY_READERS.includes(user.rank) && (
          <MenuItem onClick={() => go('/activity')}>
            <ListItemIcon>
              <HistoryIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('activity.menu')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={() => go('/patch-notes')}>
          <ListItemIcon>
            <NewReleasesIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.patchNotes')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void modifyPassword();
          }}
        >
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.modifyPassword')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            signOut();
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.disconnect')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
