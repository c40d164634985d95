import { Navigate } from 'react-router';
import { projectViewPath, readProjectView } from '../../lib/display-mode';

/** /projects: reopens the view the user left (display mode 0, 1 or 2, spec §4). */
export function ProjectsEntry() {
  return <Navigate to={projectViewPath(readProjectView())} replace />;
}
