import { AlertsDialog, NotificationsDialog } from '../../features/alerts/lazy-dialogs';
import { LinkGatewaysDialog } from '../../features/gateways/link-gateways-dialog';
import { GraphDialog, MonitoringDialog } from '../../features/monitoring/lazy-dialogs';
import type { ProjectDialogSlots } from '../../features/projects/project-slots';

/** The gateways, monitoring and alerts dialogs that the project screens open. */
export const projectDialogSlots: ProjectDialogSlots = {
  LinkGatewaysDialog,
  GraphDialog,
  MonitoringDialog,
  NotificationsDialog,
  AlertsDialog,
};
