import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminFirmwareReply,
  adminFleetStatsReply,
  adminGatewaysQuery,
  adminGatewaysReply,
  adminPageQuery,
  adminTeamsReply,
  adminUsersReply,
} from '@atrium/contracts/admin';
import { errorReply } from '../../lib/schemas';
import type { AdminService } from './admin.service';

const tags = ['admin'];
const paging =
  'Paged by the server (page from 1, pageSize up to 100), ordered by a unique column; ' +
  '`total` counts every row matching the filters.';

/** The administrator's console (issue 17 §5, decision 0028): administrators only. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  app.get(
    '/api/admin/gateways',
    {
      schema: {
        tags,
        summary: 'Every gateway of the fleet, paged, searched and filtered (admin)',
        description: `${paging} search: part of the name, serial or MAC (separators ignored); type; online.`,
        querystring: adminGatewaysQuery,
        response: { 200: adminGatewaysReply, 400: errorReply },
      },
    },
    (req) => admin.gateways(req.query),
  );

  app.get(
    '/api/admin/teams',
    {
      schema: {
        tags,
        summary: 'Every team with its users, projects and gateways counted (admin)',
        description: `${paging} search: part of the team name.`,
        querystring: adminPageQuery,
        response: { 200: adminTeamsReply, 400: errorReply },
      },
    },
    (req) => admin.teams(req.query),
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Every user account with its team (admin)',
        description: `${paging} search: part of the e-mail, name or team name.`,
        querystring: adminPageQuery,
        response: { 200: adminUsersReply, 400: errorReply },
      },
    },
    (req) => admin.users(req.query),
  );

  app.get(
    '/api/admin/fleet-stats',
    {
      schema: {
        tags,
        summary: 'Gateways online and their versions per type, teams and users counted (admin)',
        response: { 200: adminFleetStatsReply },
      },
    },
    () => admin.fleetStats(),
  );

  app.get(
    '/api/admin/firmware',
    {
      schema: {
        tags,
        summary: 'The firmware releases uploaded, newest first (admin)',
        response: { 200: adminFirmwareReply },
      },
    },
    async () => ({ firmware: await admin.firmware() }),
  );
};
