import { useQuery } from '@tanstack/react-query';
import { projectQuery } from '../../lib/api/project-query';
import { canEditProject } from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';

/**
 * The project, and whether the user may change its Modbus configuration (the server's EDITORS on
 * an owned project): the screens hide what would be refused, since a 403 signs the user out.
 */
export function useModbusProject(projectId: string) {
  const user = useSession();
  const project = useQuery({ ...projectQuery(projectId), enabled: projectId !== '' });
  const canEdit = !!user && !!project.data && canEditProject(user.rank, project.data.role);
  return { project: project.data, canEdit };
}
