import { LinkGatewaysDialog } from '../../features/gateways/link-gateways-dialog';
import { GraphDialog, MonitoringDialog } from '../../features/monitoring/lazy-dialogs';
import type { ProjectDialogSlots } from '../../features/projects/project-slots';

/** The gateways and monitoring dialogs that the project screens open. */
export const projectDialogSlots: ProjectDialogSlots = {
  LinkGatewaysDialog,
  GraphDialog,
  MonitoringDialog,
};
