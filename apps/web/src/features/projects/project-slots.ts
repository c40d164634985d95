import type { ComponentType } from 'react';

/** A dialog about one project, opened from a project menu or button. */
type ProjectDialogComponent = ComponentType<{
  project: { _id: string; name: string };
  onClose: () => void;
}>;

/**
 * What the project screens show from other features. Features do not import each other:
 * src/app/ fills these slots with the gateways, monitoring and alerts features' components.
 */
/** What the graph opens on: one measurement (an address, `voltage`) on the day of `at`. */
export interface GraphFocus {
  measurement: string;
  at: number;
}

export interface ProjectDialogSlots {
  LinkGatewaysDialog: ProjectDialogComponent;
  GraphDialog: ComponentType<{
    project: { _id: string; name: string };
    onClose: () => void;
    focus?: GraphFocus | undefined;
  }>;
  MonitoringDialog: ProjectDialogComponent;
  /** E-mail and Pushover settings of the project (alerts feature). */
  NotificationsDialog: ProjectDialogComponent;
  /** The project's alert history; mutes and watchdog settings for its owners. */
  AlertsDialog: ProjectDialogComponent;
}

export interface ProjectPageSlots extends ProjectDialogSlots {
  /** The project's gateway table; `canEdit` shows its options column. */
  GatewaysPanel: ComponentType<{ projectId: string; canEdit: boolean; isAdmin: boolean }>;
  AddGatewayDialog: ComponentType<{ projectId: string; onClose: () => void }>;
}
