import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fleetSummaryReply } from '@atrium/contracts/fleet';
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
};
