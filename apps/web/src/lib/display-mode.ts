import { local, resetProjectView, STORAGE_KEYS } from './storage';

/** Display modes of the project view (spec §2): 0 project table, 1 gateways of a project, 2 a gateway. */
type DisplayMode = 0 | 1 | 2;

interface ProjectView {
  mode: DisplayMode;
  project: string | null;
  gateway: string | null;
}

/** Mode 1: a project was chosen (spec §4 Display mode). */
export function selectProject(projectId: string): void {
  local.set(STORAGE_KEYS.displayMode, '1');
  local.set(STORAGE_KEYS.project, projectId);
  local.remove(STORAGE_KEYS.gateway);
}

/** Mode 2: a gateway of the project was chosen. */
export function selectGateway(projectId: string, mac: string): void {
  local.set(STORAGE_KEYS.displayMode, '2');
  local.set(STORAGE_KEYS.project, projectId);
  local.set(STORAGE_KEYS.gateway, mac);
}

/** Back to mode 0, both selections cleared. */
export const showProjectTable = resetProjectView;

export function readProjectView(): ProjectView {
  const stored = local.get(STORAGE_KEYS.displayMode);
  const mode: DisplayMode = stored === '1' ? 1 : stored === '2' ? 2 : 0;
  return {
    mode,
    project: local.get(STORAGE_KEYS.project),
    gateway: local.get(STORAGE_KEYS.gateway),
  };
}

/** Where /projects opens: the view the user left, or the table when a selection is missing. */
export function projectViewPath(view: ProjectView): string {
  const project = view.project ? encodeURIComponent(view.project) : null;
  if (view.mode === 2 && project && view.gateway) {
    return `/projects/${project}/gateway/${encodeURIComponent(view.gateway)}`;
  }
  if (view.mode >= 1 && project) return `/projects/${project}`;
  return '/projects/list';
}
