import { LIMITS } from '@atrium/contracts/limits';
import { projectReply } from '@atrium/contracts/project';
import { api } from './client';
import { queryById } from './query-by-id';
import { QUERY_KEYS } from './query-keys';

const fetchProject = (id: string, signal: AbortSignal) =>
  api
    .get(`/api/project/${encodeURIComponent(id)}`, { schema: projectReply, signal })
    .then((r) => r.project);

/**
 * GET /api/project/:id — one project (gateways, licences, logger, the caller's role), read by
 * the project page, the gateway detail screen and the monitoring dialogs; refreshed every 60 s
 * like the projects list (spec §2).
 */
export const projectQuery = queryById(QUERY_KEYS.project, fetchProject, LIMITS.projectRefreshMs);
