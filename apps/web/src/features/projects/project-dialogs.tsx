import { useState } from 'react';
import { AddLicenceDialog } from './add-licence-dialog';
import { CsvImportDialog, type CsvImportKind } from './csv-import-dialog';
import { SubscriptionsDialog } from './subscriptions/subscriptions-dialog';
import { ViewersDialog } from './viewers/viewers-dialog';
import type { ProjectDialogKind } from './project-menu-actions';
import type { GraphFocus, ProjectDialogSlots } from './project-slots';

type Project = { _id: string; name: string };

export type ProjectDialog =
  | { kind: 'link' | 'licence' | ProjectDialogKind; project: Project; focus?: GraphFocus }
  | { kind: 'import'; importKind: CsvImportKind }
  | { kind: 'subscriptions' };

interface HostProps {
  dialog: ProjectDialog;
  slots: ProjectDialogSlots;
  onClose: () => void;
}

function DialogHost({ dialog, slots, onClose }: HostProps) {
  const { LinkGatewaysDialog, GraphDialog, MonitoringDialog, NotificationsDialog, AlertsDialog } =
    slots;
  switch (dialog.kind) {
    case 'link':
      return <LinkGatewaysDialog project={dialog.project} onClose={onClose} />;
    case 'licence':
      return <AddLicenceDialog project={dialog.project} onClose={onClose} />;
    case 'import':
      return <CsvImportDialog kind={dialog.importKind} onClose={onClose} />;
    case 'subscriptions':
      return <SubscriptionsDialog onClose={onClose} />;
    case 'graphs':
      return <GraphDialog project={dialog.project} focus={dialog.focus} onClose={onClose} />;
    case 'monitoring':
      return <MonitoringDialog project={dialog.project} onClose={onClose} />;
    case 'notifications':
      return <NotificationsDialog project={dialog.project} onClose={onClose} />;
    case 'alerts':
      return <AlertsDialog project={dialog.project} onClose={onClose} />;
    case 'viewers':
      return <ViewersDialog project={dialog.project} onClose={onClose} />;
  }
}

/** One dialog of the project screens at a time: `open(dialog)`, and the element to render. */
export function useProjectDialogs(slots: ProjectDialogSlots) {
  const [dialog, setDialog] = useState<ProjectDialog | null>(null);
  const element = dialog && (
    <DialogHost dialog={dialog} slots={slots} onClose={() => setDialog(null)} />
  );
  return { open: setDialog, element };
}
