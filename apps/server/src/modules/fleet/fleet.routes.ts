import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fleetSummaryReply } from '@atrium/contracts/fleet';
import { flowEditorsQuery, flowEditorsReply } from '@atrium/contracts/flow-editors';
import { requireUser } from '../../plugins/auth';
import type { FleetService } from './fleet.service';

interface Options {
  fleet: FleetService;
}

/** The fleet home of the console (issue 16, decision 0023). */
export const fleetRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  app.get(
    '/api/fleet/summary',
    {
      schema: {
        tags: ['fleet'],
        summary: "The caller's fleet: gateways online, offline, outdated, and projects to look at",
        description:
          "The team's projects and gateways, the projects the caller views and the gateways " +
          'shared with it; every gateway for administrators. Outdated: below the reference ' +
          "version of the gateway's type. Needs attention: projects with gateways offline, " +
          'updates failed in the last 7 days, alerts open or raised in the last 7 days (at most 20).',
        response: { 200: fleetSummaryReply },
      },
    },
    async (req) => o.fleet.summary(requireUser(req)),
  );

  app.get(
    '/api/fleet/flow-editors',
    {
      schema: {
        tags: ['fleet'],
        summary: 'The flow-editor gateways (kloudnx, emergynx) the caller manages, paged',
        description:
          "The flow-editor modules page (/node-red, decision 0036): the team's kloudnx and " +
          'emergynx gateways (every one for administrators), with what the restart and update ' +
          'of their flow editor need to know: online, protected, remote session open. Searched ' +
          'by gateway name, project name, serial or MAC.',
        querystring: flowEditorsQuery,
        response: { 200: flowEditorsReply },
      },
    },
    async (req) => o.fleet.flowEditors(requireUser(req), req.query),
  );
};
