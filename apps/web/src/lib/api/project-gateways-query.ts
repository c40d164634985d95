import { gatewayListReply } from '@atrium/contracts/gateway';
import { LIMITS } from '@atrium/contracts/limits';
import { api } from './client';
import { queryById } from './query-by-id';
import { QUERY_KEYS } from './query-keys';

const fetchProjectGateways = (projectId: string, signal: AbortSignal) =>
  api
    .get(`/api/gateway/${encodeURIComponent(projectId)}`, { schema: gatewayListReply, signal })
    .then((r) => r.gateways);

/**
 * GET /api/gateway/:projectId — a project's gateways: the gateway table and the transfer
 * dialog's targets. Refreshed every 60 s (spec §2); the live updates patch it in between
 * (decision 0008).
 */
export const projectGatewaysQuery = queryById(
  QUERY_KEYS.projectGateways,
  fetchProjectGateways,
  LIMITS.projectRefreshMs,
);
