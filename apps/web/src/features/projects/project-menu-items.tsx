import type { ReactNode } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import AlertsIcon from '@mui/icons-material/ReportProblemOutlined';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';

import type { ProjectMenuAction } from './project-menu-actions';

/** Icon of each project menu entry. */
export const PROJECT_MENU_ICONS: Record<ProjectMenuAction, ReactNode> = {
  manageGateways: <RouterIcon fontSize="small" />,
  rename: <EditIcon fontSize="small" />,
  delete: <DeleteIcon fontSize="small" />,
  addLicence: <KeyIcon fontSize="small" />,
  notifications: <NotificationsIcon fontSize="small" />,
  alerts: <AlertsIcon fontSize="small" />,
  viewers: <VisibilityIcon fontSize="small" />,
  copyId: <ContentCopyIcon fontSize="small" />,
};
