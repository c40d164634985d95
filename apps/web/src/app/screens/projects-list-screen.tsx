import { ProjectsListPage } from '../../features/projects/projects-list-page';
import { projectDialogSlots } from './project-dialog-slots';

/** /projects/list, with the dialogs of the gateways and monitoring features. */
export function ProjectsListScreen() {
  return <ProjectsListPage slots={projectDialogSlots} />;
}
