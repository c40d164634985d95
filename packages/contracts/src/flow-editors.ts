import { z } from 'zod';

/**
 * The flow-editor modules page, /node-red (document 1 §1 and §6; decision 0036): every gateway
 * with a flow editor (Node-RED) the caller may manage, to restart or update the flow editor and
 * its modules on several gateways at once.
 */

/** The gateway types that carry a flow editor (document 1 §2, flow-editor dialog). */
export const FLOW_EDITOR_TYPES = ['kloudnx', 'emergynx'] as const;
export type FlowEditorType = (typeof FLOW_EDITOR_TYPES)[number];

export const FLOW_EDITORS_PAGE_DEFAULT = 25;
export const FLOW_EDITORS_PAGE_MAX = 100;

/** GET /api/fleet/flow-editors: paging, a search and filters. */
export const flowEditorsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(FLOW_EDITORS_PAGE_MAX)
    .default(FLOW_EDITORS_PAGE_DEFAULT),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('part of a gateway name, project name, MAC or serial'),
  type: z.enum(FLOW_EDITOR_TYPES).optional(),
  online: z.enum(['true', 'false']).optional().describe('only the gateways online, or offline'),
});
export type FlowEditorsQuery = z.infer<typeof flowEditorsQuery>;

export const flowEditorGatewaySchema = z.object({
  id: z.string(),
  mac: z.string(),
  sn: z.string(),
  name: z.string(),
  type: z.enum(FLOW_EDITOR_TYPES),
  version: z.string().nullable(),
  online: z.boolean(),
  protect: z.boolean().describe('protected gateways take no command (document 1 §2)'),
  virtual: z.boolean(),
  vpnOnline: z.boolean().describe('a remote session is open: the editor links work'),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  lastOnline: z.number().nullable(),
});
export type FlowEditorGateway = z.infer<typeof flowEditorGatewaySchema>;

export const flowEditorsReply = z.object({
  items: z.array(flowEditorGatewaySchema),
  total: z.number().int().min(0).describe('gateways matching the filters, every page'),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type FlowEditorsPage = z.infer<typeof flowEditorsReply>;
