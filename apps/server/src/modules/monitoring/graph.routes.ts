import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  favoritesAddBody,
  favoritesRemoveBody,
  favoritesReply,
  graphQueryBody,
  graphReply,
} from '@atrium/contracts/graph';
import { addressesErrorFields } from '@atrium/contracts/monitoring';
import { PreparedJson, sendPrepared } from '../../lib/prepared-json';
import { errorReply } from '../../lib/schemas';
import { perUserLimit } from '../../plugins/rate-limit';
import type { FavoritesService } from './favorites.service';
import { graphReplyBody } from './graph-json';
import type { GraphService } from './graph.service';

interface Options {
  graph: GraphService;
  favorites: FavoritesService;
  /** Graph queries a signed-in user may ask per minute (abuse limits, decision 0053). */
  graphsPerMinute: number;
}

const tags = ['monitoring'];
const params = z.object({ id: z.string().min(1).max(64).describe('project id') });
const addressesError = errorReply.extend(addressesErrorFields.shape);

/** The graph query and its favorites (document 3 §7 timeseries; document 2 §2 Graph dialog). */
export const graphRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  // Counted per user once the auth hook has named them, across nodes with Redis (decision 0053).
  const perUser = perUserLimit('graph', o.graphsPerMinute);

  app.post(
    '/api/project/timeseries/:id',
    {
      config: perUser,
      schema: {
        tags,
        summary: 'Chart data of monitored addresses and gateway voltages',
        description:
          'A read (POST for the size of the selection): viewers may call it. Each series is ' +
          'aggregated per window (`precision`, auto ≈ 1,000 points); booleans (DPT 1, 2) as ' +
          'steps. 400 noAddress, 400 malformedAddress, 404 cannotFindAddress (with ' +
          '`addresses`), 400 invalidDPT (boolean and numeric mixed), 400 invalidRange ' +
          '(stop ≤ start), 400 tooManyPoints (over 100,000 points per series). No point at ' +
          "all: 200 with `code: noData`. 429 rateLimited past a user's queries per minute, " +
          'or when the node already reads as many graphs as it queues, both with ' +
          'Retry-After (seconds). Repeated ranges are answered from ' +
          "each series' kept text of whole 30-day blocks that ended (decision 0054).",
        params,
        body: graphQueryBody,
        response: { 200: graphReply, 400: addressesError, 404: addressesError, 429: errorReply },
      },
    },
    async (req, reply) => {
      const chart = await o.graph.query(req.params.id, req.body);
      // Built by GraphService in the contract's shape, its points already JSON text
      // (decision 0043), so written straight out: checking the 36,000 points of a year ×
      // 100 addresses against the schema took longer than reading them (decision 0038).
      // Errors as usual.
      return sendPrepared(req, reply, new PreparedJson(graphReplyBody(chart), false));
    },
  );

  app.get(
    '/api/project/timeseries/favorites/:id',
    {
      schema: {
        tags,
        summary: "The project's graph favorites",
        params,
        response: { 200: favoritesReply },
      },
    },
    async (req) => ({ favorites: await o.favorites.list(req.params.id) }),
  );

  app.post(
    '/api/project/timeseries/favorites/add/:id',
    {
      schema: {
        tags,
        summary: 'Save a graph favorite',
        description:
          '400 nameNotChosen, 400 noAddressSelected; 409 favoriteAlreadyExists unless ' +
          '`overwrite` (set it once the user confirmed). Replies with every favorite.',
        params,
        body: favoritesAddBody,
        response: { 200: favoritesReply, 400: errorReply, 409: errorReply },
      },
    },
    async (req) => ({
      favorites: await o.favorites.add(req.params.id, req.body.favorites, req.body.overwrite),
    }),
  );

  app.post(
    '/api/project/timeseries/favorites/remove/:id',
    {
      schema: {
        tags,
        summary: 'Remove a graph favorite by name',
        description: '404 favoriteNotFound. Replies with the remaining favorites.',
        params,
        body: favoritesRemoveBody,
        response: { 200: favoritesReply, 404: errorReply },
      },
    },
    async (req) => ({ favorites: await o.favorites.remove(req.params.id, req.body.favorite) }),
  );
};
