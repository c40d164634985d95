import { z } from 'zod';
import { gatewayTypeSchema } from './gateway';
import { firmwareItem } from './hub';
import { rankSchema } from './user';

/**
 * The administrator's console (issue 17 §5, decision 0028): teams, users and gateways across
 * the fleet, paged and filtered by the server, and the fleet's online counts and versions.
 */

/** Rows per page: the console asks for 25; at most ADMIN_PAGE_MAX. */
export const ADMIN_PAGE_DEFAULT = 25;
export const ADMIN_PAGE_MAX = 100;

const count = z.number().int().min(0);

/** Paging and a free-text search, common to the three lists. */
export const adminPageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
  search: z.string().trim().max(100).optional().describe('part of a name, e-mail, MAC or serial'),
});
export type AdminPageQuery = z.infer<typeof adminPageQuery>;

export const adminGatewaysQuery = adminPageQuery.extend({
  type: gatewayTypeSchema.optional(),
  online: z.enum(['true', 'false']).optional().describe('only the gateways online, or offline'),
});
export type AdminGatewaysQuery = z.infer<typeof adminGatewaysQuery>;

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: count.describe('rows matching the filters, every page'),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });

export const adminGatewaySchema = z.object({
  id: z.string(),
  mac: z.string(),
  sn: z.string(),
  type: gatewayTypeSchema,
  name: z.string(),
  version: z.string().nullable(),
  online: z.boolean(),
  waiting: z.boolean().describe('imported, not yet on an account'),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  lastOnline: z.number().nullable(),
});
export type AdminGateway = z.infer<typeof adminGatewaySchema>;
export const adminGatewaysReply = paged(adminGatewaySchema);
export type AdminGatewaysPage = z.infer<typeof adminGatewaysReply>;

export const adminTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  users: count,
  projects: count,
  gateways: count,
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;
export const adminTeamsReply = paged(adminTeamSchema);
export type AdminTeamsPage = z.infer<typeof adminTeamsReply>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  rank: rankSchema,
  teamId: z.string(),
  teamName: z.string().nullable(),
  emailVerified: z.boolean(),
  locked: z.boolean(),
  createdAt: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersReply = paged(adminUserSchema);
export type AdminUsersPage = z.infer<typeof adminUsersReply>;

/** One gateway type across the fleet: how many, how many online, and on which versions. */
export const adminFleetTypeSchema = z.object({
  type: gatewayTypeSchema,
  total: count,
  online: count,
  waiting: count,
  reference: z.string().nullable().describe("the type's reference version"),
  versions: z.array(z.object({ version: z.string().nullable(), total: count, online: count })),
});
export type AdminFleetType = z.infer<typeof adminFleetTypeSchema>;
export const adminFleetStatsReply = z.object({
  total: count,
  online: count,
  waiting: count,
  teams: count,
  users: count,
  types: z.array(adminFleetTypeSchema),
});
export type AdminFleetStats = z.infer<typeof adminFleetStatsReply>;

/** The firmware releases uploaded, newest first. */
export const adminFirmwareReply = z.object({ firmware: z.array(firmwareItem) });
export type AdminFirmwareList = z.infer<typeof adminFirmwareReply>;
