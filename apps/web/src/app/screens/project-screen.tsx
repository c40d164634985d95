import { AddGatewayDialog } from '../../features/gateways/add-gateway/add-gateway-dialog';
import { ProjectGatewaysPanel } from '../../features/gateways/project-gateways-panel';
import { GatewayMonitoringButton } from '../../features/monitoring/gateway-monitoring-button';
import { ProjectPage } from '../../features/projects/project-page';
import type { ProjectPageSlots } from '../../features/projects/project-slots';
import { projectDialogSlots } from './project-dialog-slots';

/** The gateway table with each row's monitoring button. */
function GatewaysPanel(props: { projectId: string; canEdit: boolean; isAdmin: boolean }) {
  return <ProjectGatewaysPanel {...props} MonitoringButton={GatewayMonitoringButton} />;
}

const slots: ProjectPageSlots = { ...projectDialogSlots, GatewaysPanel, AddGatewayDialog };

/** /projects/:projectID: the project page with the gateways and monitoring features' parts. */
export function ProjectScreen() {
  return <ProjectPage slots={slots} />;
}
