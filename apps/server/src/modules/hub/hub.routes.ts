import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commandReply,
  configPasswordBody,
  exportConfigBody,
  hubTokenReply,
  initPasswordsBody,
  noderedPasswordBody,
  poolTypeBody,
  tokenGenerateBody,
  updateBranchParam,
} from '@atrium/contracts/hub';
import { forbidden, notFound } from '../../lib/errors';
import { commandErrorReply, errorReply } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { SessionUser } from '../../lib/session-user';
import type { ProjectAccess } from '../../lib/tenancy/project-access';
import type { GatewayActions } from './commands/gateway-actions.service';
import type { GatewayTokens } from './commands/gateway-tokens.service';

interface Options {
  actions: GatewayActions;
  tokens: GatewayTokens;
  access: ProjectAccess;
}

const tags = ['gateway hub'];
const ref = z.object({ id: z.string().min(1).max(64).describe('gateway id or MAC') });
const COMMAND_ERRORS =
  '409 gatewayOffline at once when the gateway is offline; 504 gatewayTimeout when it does not ' +
  'answer within 10 s; 422 gatewayRefused when it answers an error (its code in `reason`).';
const errors = { 404: errorReply, 409: errorReply, 422: commandErrorReply, 504: errorReply };
const command = (summary: string, extra = '') => ({
  tags,
  summary,
  description: `${extra} ${COMMAND_ERRORS}`.trim(),
  params: ref,
  response: { 200: commandReply, ...errors },
});

/** The route-scope rule for a MAC carried in a body: no role 404, a viewer 403. */
async function requireOwner(access: ProjectAccess, user: SessionUser, mac: string) {
  const role = await access.gatewayRole(user, mac);
  if (!role) throw notFound('gateway');
  if (role !== 'owner') throw forbidden();
}

/**
 * Gateway service calls that become commands to the device (document 3 §7). The GET
 * ones act on the device, so they get no HEAD twin.
 */
export const hubRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { actions, tokens, access },
) => {
  app.get(
    '/api/gateway/reboot/:id',
    { exposeHeadRoute: false, schema: command('Reboot the gateway') },
    (req) => actions.simple(requireUser(req), req.params.id, 'reboot', 'rebootSuccess'),
  );

  app.post(
    '/api/gateway/initpasswords/:id',
    {
      schema: {
        ...command('Password set-up wizard: config, flow editor and dashboard IDs'),
        body: initPasswordsBody,
      },
    },
    (req) => actions.initPasswords(requireUser(req), req.params.id, req.body),
  );

  app.post(
    '/api/gateway/config/password/:id',
    { schema: { ...command('Change the configuration IDs'), body: configPasswordBody } },
    (req) => actions.configPassword(requireUser(req), req.params.id, req.body),
  );

  app.post(
    '/api/gateway/nodered/password/:id',
    {
      schema: {
        ...command('Change the flow-editor IDs (kloudnx, emergynx)'),
        body: noderedPasswordBody,
      },
    },
    (req) => actions.noderedPassword(requireUser(req), req.params.id, req.body),
  );

  app.get(
    '/api/gateway/nodered/restart/:id',
    { exposeHeadRoute: false, schema: command('Restart the flow editor') },
    (req) =>
      actions.simple(requireUser(req), req.params.id, 'nodered.restart', 'noderedRestarting'),
  );

  app.get(
    '/api/gateway/nodered/update/:id',
    { exposeHeadRoute: false, schema: command('Update the flow editor') },
    (req) => actions.simple(requireUser(req), req.params.id, 'nodered.update', 'updatingNodered'),
  );

  app.post(
    '/api/gateway/pool/type/:id',
    { schema: { ...command('Change the pool type (poolnx)'), body: poolTypeBody } },
    (req) => actions.poolType(requireUser(req), req.params.id, req.body.pool),
  );

  app.get(
    '/api/gateway/update/:id/:branch',
    {
      exposeHeadRoute: false,
      schema: {
        ...command(
          'Update the firmware: MAIN (the reference version) or beta (the newest beta upload; admin)',
          'The gateway downloads the uploaded file and checks its SHA-256 before it answers; then ' +
            'progress comes as socket events (gateway:update). End-of-life gateways: admin only. ' +
            'An administrator may update an offline gateway: it is sent when the gateway connects ' +
            '(message updateQueued). 404 firmwareNotFound when no file was uploaded.',
        ),
        params: ref.extend({ branch: updateBranchParam }),
      },
    },
    (req) => actions.update(requireUser(req), req.params.id, req.params.branch),
  );

  app.post(
    '/api/gateway/export/config',
    {
      schema: {
        tags,
        summary: "Transfer dialog: copy gateway `from`'s configuration onto gateway `to`",
        description: `Both must be the caller's to edit. ${COMMAND_ERRORS}`,
        body: exportConfigBody,
        response: { 200: commandReply, 400: errorReply, ...errors },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const [from, to] = [req.body.from, req.body.to];
      for (const mac of [from, to]) await requireOwner(access, user, mac);
      return actions.transfer(user, await actions.find(from), await actions.find(to));
    },
  );

  app.post(
    '/api/gateway/token/generate/:id',
    {
      schema: {
        tags,
        summary: 'A dashboard token (valid 1 h) installed on the gateway for a service',
        description: COMMAND_ERRORS,
        params: ref,
        body: tokenGenerateBody,
        response: { 200: hubTokenReply, ...errors },
      },
    },
    async (req) => tokens.shortLived(await actions.find(req.params.id), req.body.type),
  );
};
