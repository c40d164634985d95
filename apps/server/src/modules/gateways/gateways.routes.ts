import { z } from 'zod';
import { acceptUploads } from '../../lib/upload';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountGatewaysReply,
  createGatewayBody,
  gatewayDetails,
  gatewayListReply,
  gatewayReply,
  importGatewaysReply,
  renameGatewayBody,
  shareGatewayBody,
  virtualGatewayBody,
  waitingQuery,
  waitingReply,
} from '@atrium/contracts/gateway';
import { messageReply } from '@atrium/contracts/user';
import { errorReply } from '../../lib/schemas';
import { csvErrorReply } from '../../lib/error-replies';
import { requireUser } from '../../plugins/auth';
import { sendPrepared } from '../../lib/prepared-json';
import { CSV_UPLOAD_NOTE, csvFileBody, readCsvUpload } from '../../lib/csv-upload';
import type { GatewayImportService } from './gateway-import.service';
import type { GatewaysService } from './gateways.service';

interface Options {
  gateways: GatewaysService;
  importer: GatewayImportService;
  /** The gateway hub sends the init command when the gateway is online. */
  afterInit?: (ref: string) => Promise<void>;
}

const tags = ['gateway'];
const ref = z.object({
  id: z.string().min(1).max(64).describe('gateway id, or its MAC (12 hex, AA:BB:…, 0x{mac}L)'),
});
const notFound = { 404: errorReply };

/** The gateway service of document 3 §7 (commands to the device come with the gateway hub). */
export const gatewayRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  await acceptUploads(app);

  app.post(
    '/api/gateway/create',
    {
      schema: {
        tags,
        summary: "Move a waiting gateway to the caller's account (and link it to project `id`)",
        description:
          '404 gwNotWaiting: no gateway has this MAC and serial; 409 gatewayAlreadyAdded.',
        body: createGatewayBody,
        response: { 201: gatewayReply, 404: errorReply, 409: errorReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ gateway: await o.gateways.create(requireUser(req), req.body) }),
  );

  app.post(
    '/api/gateway/virtual',
    {
      schema: {
        tags,
        summary: 'Add a demo gateway (virtual kloudnx, online) to a project',
        body: virtualGatewayBody,
        response: { 201: gatewayReply, ...notFound },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ gateway: await o.gateways.createVirtual(requireUser(req), req.body) }),
  );

  app.post(
    '/api/gateway/add',
    {
      schema: {
        tags,
        summary: 'Import waiting gateways from a CSV file (columns mac,sn,type[,version])',
        description: `${CSV_UPLOAD_NOTE} The reply holds each gateway's device secret, shown only once.`,
        consumes: ['multipart/form-data'],
        body: csvFileBody,
        response: {
          201: importGatewaysReply,
          400: csvErrorReply,
          409: errorReply,
          413: errorReply,
        },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await o.importer.importCsv(await readCsvUpload(req))),
  );

  app.delete(
    '/api/gateway/delete/:id',
    { schema: { tags, summary: 'Delete a gateway', params: ref, response: { 200: messageReply } } },
    async (req) => {
      await o.gateways.remove(requireUser(req), req.params.id);
      return { message: 'success' };
    },
  );

  app.get(
    '/api/gateway/waiting',
    {
      schema: {
        tags,
        summary: 'Is this gateway waiting to be added? (add-gateway stepper)',
        description:
          '404 gwNotWaiting: unknown MAC or wrong serial; 409 gatewayAlreadyAdded: on another ' +
          'account. A gateway the caller already sees answers waiting false with its project.',
        querystring: waitingQuery,
        response: { 200: waitingReply, 404: errorReply, 409: errorReply },
      },
    },
    async (req) => o.gateways.waiting(requireUser(req), req.query.mac, req.query.sn),
  );

  app.get(
    '/api/gateway',
    {
      schema: {
        tags,
        summary: "The account's gateways and those shared with the caller",
        response: { 200: accountGatewaysReply },
      },
    },
    async (req) => o.gateways.listAccount(requireUser(req)),
  );

  // The table is sent as prepared JSON (see RevisionCache); the schema documents it.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    '/api/gateway/:projectId',
    {
      schema: {
        tags,
        summary: "A project's gateway table",
        params: z.object({ projectId: z.string().min(1).max(64) }),
        response: { 200: gatewayListReply, ...notFound },
      },
    },
    async (req, reply) => {
      const { projectId } = z.object({ projectId: z.string() }).parse(req.params);
      return sendPrepared(req, reply, await o.gateways.listProjectJson(projectId));
    },
  );

  app.get(
    '/api/gateway/gateway/:id',
    { schema: { tags, summary: 'One gateway', params: ref, response: { 200: gatewayReply } } },
    async (req) => ({ gateway: await o.gateways.get(req.params.id) }),
  );

  app.get(
    '/api/gateway/details/:id',
    {
      schema: {
        tags,
        summary: 'The gateway info of the detail screen',
        params: ref,
        response: { 200: gatewayDetails },
      },
    },
    async (req) => o.gateways.details(req.params.id),
  );

  app.post(
    '/api/gateway/rename/:id',
    {
      schema: {
        tags,
        summary: 'Rename a gateway (1 to 30 characters)',
        params: ref,
        body: renameGatewayBody,
        response: { 200: gatewayReply },
      },
    },
    async (req) => ({
      gateway: await o.gateways.rename(requireUser(req), req.params.id, req.body.name),
    }),
  );

  app.post(
    '/api/gateway/share/:id',
    {
      schema: {
        tags,
        summary: 'Let another account read the gateway (e-mail lowercased)',
        description: '404 userNotFound: no account has this e-mail.',
        params: ref,
        body: shareGatewayBody,
        response: { 200: messageReply, ...notFound },
      },
    },
    async (req) => {
      await o.gateways.share(requireUser(req), req.params.id, req.body.email);
      return { message: 'success' };
    },
  );

  app.get(
    '/api/gateway/init/:id',
    {
      schema: {
        tags,
        summary: 'Initialise a gateway',
        description:
          'Marks the gateway initialised and records `pendingInit`; the gateway hub sends the ' +
          'init command now when the gateway is online (else when it connects) and clears the ' +
          'flag. 504 gatewayTimeout, 422 gatewayRefused when an online gateway fails it.',
        params: ref,
        response: { 200: gatewayReply, 422: errorReply, 504: errorReply },
      },
    },
    async (req) => {
      await o.gateways.init(req.params.id);
      await o.afterInit?.(req.params.id);
      return { gateway: await o.gateways.get(req.params.id) };
    },
  );
};
