import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  klereoPoolListReply,
  poolAuthBody,
  poolConfigReply,
  poolInitTypeBody,
  poolKeysOf,
  poolMacQuery,
  poolSavedReply,
  poolUpdateBody,
  statusKeysQuery,
  statusKeysReply,
} from '@atrium/contracts/pool';
import { errorReply } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { PoolService } from './pool.service';

interface Options {
  pool: PoolService;
}

const tags = ['pool'];
const savedReply = poolSavedReply;
const GATEWAY =
  '`mac` in any accepted form (12 hex, AA:BB:…, 0x{mac}L). 404 notFound when the caller may not ' +
  'see the gateway; 403 forbidden for a viewer; 409 poolUnsupported unless it is a poolnx.';
const VENDOR =
  'The gateway asks the vendor: 409 gatewayOffline, 504 gatewayTimeout; 422 poolInvalidIds when ' +
  'the vendor refuses the credentials, 502 poolVendorUnavailable when it does not answer, 429 ' +
  'poolRateLimited when its quota is spent (`retryAt`, epoch ms, when known).';
const errors = { 400: errorReply, 404: errorReply, 409: errorReply };
const rateLimitedReply = errorReply.extend({
  retryAt: z.number().optional().describe('epoch ms the vendor quota refills, when known'),
});
const vendorErrors = {
  ...errors,
  422: errorReply,
  429: rateLimitedReply,
  502: errorReply,
  504: errorReply,
};

const actor = (req: FastifyRequest) => {
  const user = requireUser(req);
  return { id: user.id, email: user.email };
};

/** The pool calls (document 2 §7, "Pool API"; issue 19). */
export const poolRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  app.get(
    '/api/poolnx/config',
    {
      schema: {
        tags,
        summary: "The poolnx gateway's pool configuration",
        description:
          `${GATEWAY} Every key of the pool type is a row (unmapped ones with an empty address), ` +
          'with the last value the gateway reported. Credentials are never returned: Klereo ' +
          "shows its username, PoolCop the key's last 4 characters.",
        querystring: poolMacQuery,
        response: { 200: poolConfigReply, ...errors },
      },
    },
    (req) => o.pool.config(req.query.mac),
  );

  app.post(
    '/api/poolnx/update',
    {
      schema: {
        tags,
        summary: 'Save part of the pool configuration, then send it to the gateway',
        description:
          `${GATEWAY} Any of options, POOL_to_KNX, KNX_to_POOL, tempControl, selectedPool; a table ` +
          'replaces the stored one (keys not sent become unmapped). 400 malformedAddress, ' +
          'invalidDPT, hysteresis, poolUnknownKey, ipAddress; 409 poolTypeNotSet. Queued while ' +
          'the gateway is offline (`synced` false).',
        querystring: poolMacQuery,
        body: poolUpdateBody,
        response: { 200: savedReply, ...errors },
      },
    },
    (req) => o.pool.update(req.query.mac, req.body, actor(req)),
  );

  app.get(
    '/api/poolnx/statusKeys',
    {
      schema: {
        tags,
        summary:
          'The keys a pool type offers: status values (POOL_to_KNX) or commands (KNX_to_POOL)',
        querystring: statusKeysQuery,
        response: { 200: statusKeysReply, 400: errorReply },
      },
    },
    (req) => [...poolKeysOf(req.query.pooltype, req.query.statusOrCmd)],
  );

  app.post(
    '/api/poolnx/init/type',
    {
      schema: {
        tags,
        summary:
          'Set the pool type (`{type}`, a fresh configuration) or select the pool (`{pool}`)',
        description:
          `${GATEWAY} Changing the type forgets the mappings and credentials of the old one. ` +
          '`{pool}` is for Klereo accounts (409 poolTypeMismatch otherwise, poolTypeNotSet ' +
          'before a type).',
        querystring: poolMacQuery,
        body: poolInitTypeBody,
        response: { 200: savedReply, ...errors },
      },
    },
    (req) => o.pool.initType(req.query.mac, req.body, actor(req)),
  );

  app.post(
    '/api/poolnx/auth',
    {
      schema: {
        tags,
        summary: "Set the pool vendor's credentials (checked against the vendor first)",
        description:
          `${GATEWAY} Klereo: {username, password} with the SHA-1 of the password (40 hex); ` +
          `PoolCop: {apikey}. ${VENDOR} Refused credentials are not stored. Stored sealed ` +
          '(AES-256-GCM), never returned nor logged. 400 poolTypeMismatch for the other vendor.',
        querystring: poolMacQuery,
        body: poolAuthBody,
        response: { 200: savedReply, ...vendorErrors },
      },
    },
    (req) => o.pool.auth(req.query.mac, req.body, actor(req)),
  );

  app.get(
    '/api/poolnx/klereo/poollist',
    {
      schema: {
        tags,
        summary: 'The pools of the Klereo account',
        description: `${GATEWAY} 409 poolNotAuthenticated before credentials; ${VENDOR}`,
        querystring: poolMacQuery,
        response: { 200: klereoPoolListReply, ...vendorErrors },
      },
    },
    (req) => o.pool.poolList(req.query.mac),
  );
};
