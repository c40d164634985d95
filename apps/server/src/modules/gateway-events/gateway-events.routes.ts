import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gatewayEventsQuery,
  gatewayEventsReply,
  gatewayUptimeReply,
  recentGatewayEventsQuery,
  recentGatewayEventsReply,
} from '@atrium/contracts/gateway-events';
import { notFound } from '../../lib/errors';
import { errorReply } from '../../lib/schemas';
import { gatewayRef } from '../../lib/tenancy/project-access';
import { requireUser } from '../../plugins/auth';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { GatewayEventsService } from './gateway-events.service';

interface Options {
  service: GatewayEventsService;
  gateways: Pick<GatewaysRepository, 'find'>;
}

const tags = ['gateway events'];
const params = z.object({ mac: z.string().min(1).max(64).describe('gateway MAC (or id)') });

/** A gateway's history and uptime, and the fleet's latest events (decision 0021). */
export const gatewayEventsRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  const gatewayOf = async (ref: string) => {
    const gw = await o.gateways.find(gatewayRef(ref));
    if (!gw) throw notFound('gateway');
    return gw;
  };

  app.get(
    '/api/gateway-events',
    {
      schema: {
        tags,
        summary: 'The most recent events of every gateway the caller can see',
        description:
          "Newest first, at most 50, with each gateway's name and its project's id and name: " +
          "the team's gateways and those of projects the caller views or was shared " +
          '(administrators: the whole fleet). `kinds` is a comma list.',
        querystring: recentGatewayEventsQuery,
        response: { 200: recentGatewayEventsReply, 400: errorReply },
      },
    },
    (req) => o.service.recent(requireUser(req), req.query),
  );

  app.get(
    '/api/gateway-events/:mac',
    {
      schema: {
        tags,
        summary: "One gateway's event history, newest first",
        description:
          'Online/offline (with how long the previous state lasted), reboots, updates (from, to, ' +
          'result), configuration and password changes, and the commands users sent, with their ' +
          'e-mail. Kept as long as the project plan keeps recorded data. `kinds` is a comma list; ' +
          'pass `next` as `cursor` for older events. Live: socket event gateway:event.',
        params,
        querystring: gatewayEventsQuery,
        response: { 200: gatewayEventsReply, 400: errorReply, 404: errorReply },
      },
    },
    async (req) => {
      const gw = await gatewayOf(req.params.mac);
      const { cursor, ...q } = req.query;
      return o.service.list(gw, { ...q, ...(cursor ? { cursor } : {}) });
    },
  );

  app.get(
    '/api/gateway-events/:mac/uptime',
    {
      schema: {
        tags,
        summary: "The gateway's uptime over the last 24 h, 7 and 30 days",
        description:
          'Fractions 0..1 of the part of each window whose state is known (from the recorded ' +
          'online/offline events and the state now); null when nothing is known.',
        params,
        response: { 200: gatewayUptimeReply, 404: errorReply },
      },
    },
    async (req) => o.service.uptime(await gatewayOf(req.params.mac)),
  );
};
