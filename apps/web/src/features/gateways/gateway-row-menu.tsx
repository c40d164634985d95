import { useState, type ReactNode } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdateAlt';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { updateAllowed, type VersionStatus } from '@atrium/contracts/version';
import type { useGatewayActions } from './use-gateway-actions';

interface Props {
  gateway: GatewayItem;
  status: VersionStatus | undefined;
  isAdmin: boolean;
  actions: ReturnType<typeof useGatewayActions>;
}

/** Init, update, beta update (admin), rename, share, remove from project, delete (admin). */
export function GatewayRowMenu({ gateway, status, isAdmin, actions }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const canUpdate = updateAllowed({ virtual: gateway.virtual, status, isAdmin });
  const item = (
    label: string,
    icon: ReactNode,
    run: (gw: GatewayItem) => Promise<void>,
    options: { disabled?: boolean; danger?: boolean } = {},
  ) => (
    <MenuItem
      disabled={options.disabled}
      sx={options.danger ? { color: 'error.main' } : undefined}
      onClick={() => {
        setAnchor(null);
        void run(gateway);
      }}
    >
      <ListItemIcon sx={options.danger ? { color: 'inherit' } : undefined}>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <IconButton
        size="small"
        aria-label={t('gateways.rowMenu', { name: gateway.name })}
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
        {item(t('gatewayActions.init'), <PlayCircleIcon fontSize="small" />, actions.init)}
        {item(t('gatewayActions.update'), <SystemUpdateIcon fontSize="small" />, actions.update, {
          disabled: !canUpdate,
        })}
        {isAdmin &&
          item(
            t('gatewayActions.betaUpdate'),
            <ScienceIcon fontSize="small" />,
            actions.betaUpdate,
            {
              disabled: gateway.virtual === 1,
            },
          )}
        {item(t('gatewayActions.rename'), <EditIcon fontSize="small" />, actions.rename)}
        {item(t('gatewayActions.share'), <ShareIcon fontSize="small" />, actions.share)}
        <Divider />
        {item(
          t('gatewayActions.removeFromProject'),
          <LinkOffIcon fontSize="small" />,
          actions.removeFromProject,
        )}
        {isAdmin &&
          item(t('gatewayActions.delete'), <DeleteIcon fontSize="small" />, actions.remove, {
            danger: true,
          })}
      </Menu>
    </>
  );
}
