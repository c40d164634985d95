import type { ProjectItem } from '@atrium/contracts/project';
import type { ProjectDialog } from './project-dialogs';
import type { ProjectMenuAction } from './project-menu-actions';
import type { useProjectActions } from './use-project-actions';

type Project = Pick<ProjectItem, '_id' | 'name'>;

/** What each project menu entry does: a dialog, a prompt or the clipboard. */
export function runProjectAction(
  action: ProjectMenuAction,
  project: Project,
  deps: {
    actions: ReturnType<typeof useProjectActions>;
    openDialog: (dialog: ProjectDialog) => void;
    onDeleted?: () => void;
  },
): void {
  const { actions, openDialog } = deps;
  switch (action) {
    case 'manageGateways':
      return openDialog({ kind: 'link', project });
    case 'addLicence':
      return openDialog({ kind: 'licence', project });
    case 'notifications':
      return openDialog({ kind: 'notifications', project });
    case 'alerts':
      return openDialog({ kind: 'alerts', project });
    case 'viewers':
      return openDialog({ kind: 'viewers', project });
    case 'rename':
      void actions.rename(project);
      return;
    case 'delete':
      void actions.remove(project).then((deleted) => deleted && deps.onDeleted?.());
      return;
    case 'copyId':
      void actions.copyId(project);
      return;
  }
}
