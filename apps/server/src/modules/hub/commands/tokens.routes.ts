import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandReply, hubTokenReply, permaTokenReply } from '@atrium/contracts/hub';
import { commandErrorReply, errorReply } from '../../../lib/schemas';
import type { GatewayActions } from './gateway-actions.service';
import type { GatewayTokens } from './gateway-tokens.service';

const params = z.object({
  a: z.string().min(1).max(64).describe('project id'),
  b: z.string().min(1).max(64).describe('gateway MAC (or id), linked to that project'),
});
const errors = { 404: errorReply, 409: errorReply, 422: commandErrorReply, 504: errorReply };
const OFFLINE =
  'Sends a command: 409 gatewayOffline when the gateway is offline, 504 gatewayTimeout.';

/** Link (klocknx) and emergency (emergynx) dialogs: open with a token, permanent link get/copy/delete. */
export const tokenRoutes: FastifyPluginAsyncZod<{
  actions: GatewayActions;
  tokens: GatewayTokens;
}> = async (app, { actions, tokens }) => {
  for (const service of ['klocknx', 'emergynx'] as const) {
    const tags = [service];
    const gateway = async (p: z.infer<typeof params>) =>
      tokens.inProject(await actions.find(p.b), p.a);

    app.get(
      `/api/${service}/token/:a/:b`,
      {
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: `Open the ${service} dashboard: a token valid 1 h`,
          description: OFFLINE,
          params,
          response: { 200: hubTokenReply, ...errors },
        },
      },
      async (req) => tokens.shortLived(await gateway(req.params), service),
    );
    app.get(
      `/api/${service}/permaToken/:a/:b`,
      {
        schema: {
          tags,
          summary: `The permanent ${service} link token, or null`,
          params,
          response: { 200: permaTokenReply, 404: errorReply },
        },
      },
      async (req) => tokens.permanent(await gateway(req.params), service),
    );
    app.post(
      `/api/${service}/permaToken/generate/:a/:b`,
      {
        schema: {
          tags,
          summary: `A new permanent ${service} token (replaces the previous one)`,
          description: OFFLINE,
          params,
          response: { 200: permaTokenReply, ...errors },
        },
      },
      async (req) => tokens.generatePermanent(await gateway(req.params), service),
    );
    app.delete(
      `/api/${service}/permaToken/:a/:b`,
      {
        schema: {
          tags,
          summary: `Delete the permanent ${service} token`,
          description: OFFLINE,
          params,
          response: { 200: commandReply, ...errors },
        },
      },
      async (req) => tokens.deletePermanent(await gateway(req.params), service),
    );
  }
};
