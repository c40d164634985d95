import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { flowEditorsReply, type FlowEditorType } from '@atrium/contracts/flow-editors';
import { commandReply as commandReplySchema } from '@atrium/contracts/hub';
import { api } from '../../../lib/api/client';

export interface FlowEditorListParams {
  /** From 0, as the table counts. */
  page: number;
  pageSize: number;
  search: string;
  type: FlowEditorType | '';
  online: 'true' | 'false' | '';
}

export const FLOW_EDITOR_KEYS = {
  all: ['flow-editors'] as const,
  list: (p: FlowEditorListParams) => ['flow-editors', p] as const,
};

function queryOf(p: FlowEditorListParams) {
  const q: Record<string, string | number> = { page: p.page + 1, pageSize: p.pageSize };
  if (p.search.trim()) q.search = p.search.trim();
  if (p.type) q.type = p.type;
  if (p.online) q.online = p.online;
  return q;
}

export const flowEditorsQuery = (p: FlowEditorListParams) =>
  queryOptions({
    queryKey: FLOW_EDITOR_KEYS.list(p),
    queryFn: ({ signal }) =>
      api.get('/api/fleet/flow-editors', { schema: flowEditorsReply, query: queryOf(p), signal }),
    placeholderData: keepPreviousData,
  });

const enc = encodeURIComponent;
const commandReply = { schema: commandReplySchema };

/** The two flow-editor commands of the catalogue (document 3), by the gateway's MAC. */
export const FLOW_EDITOR_COMMANDS = {
  restart: (mac: string) => api.get(`/api/gateway/nodered/restart/${enc(mac)}`, commandReply),
  update: (mac: string) => api.get(`/api/gateway/nodered/update/${enc(mac)}`, commandReply),
} as const;
export type FlowEditorCommand = keyof typeof FLOW_EDITOR_COMMANDS;
