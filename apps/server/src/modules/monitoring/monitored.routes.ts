import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressesErrorFields,
  gatewayEtsReply,
  gatewayMonitorBody,
  gatewayMonitorReply,
  gatewayMonitoredCountReply,
  gatewayMonitoredReply,
  monitoredResetReply,
  projectMonitoredCountReply,
  projectMonitoredReply,
} from '@atrium/contracts/monitoring';
import { errorReply } from '../../lib/schemas';
import type { MonitoredService } from './monitored.service';

interface Options {
  monitored: MonitoredService;
}

const tags = ['monitoring'];
const projectParams = z.object({ id: z.string().min(1).max(64).describe('project id') });
const gatewayParams = z.object({
  id: z.string().min(1).max(64).describe('gateway id, or its MAC (12 hex, AA:BB:…, 0x{mac}L)'),
});
const addressesError = errorReply.extend(addressesErrorFields.shape);

/** Monitored addresses: project service and gateway service calls (document 3 §7). */
export const monitoredRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  app.get(
    '/api/project/monitored/count/:id',
    {
      schema: {
        tags,
        summary: "The project's monitored addresses: total, plan maximum, count per gateway",
        params: projectParams,
        response: { 200: projectMonitoredCountReply },
      },
    },
    async (req) => o.monitored.countProject(req.params.id),
  );

  app.get(
    '/api/project/monitored/:id',
    {
      schema: {
        tags,
        summary: "The project's monitored addresses, with the gateway recording each",
        params: projectParams,
        response: { 200: projectMonitoredReply },
      },
    },
    async (req) => ({ monitored: await o.monitored.listProject(req.params.id) }),
  );

  app.delete(
    '/api/project/monitored/:id',
    {
      schema: {
        tags,
        summary: "Reset the project's monitored addresses (recorded data is kept)",
        description: 'Online gateways are told to record nothing.',
        params: projectParams,
        response: { 200: monitoredResetReply },
      },
    },
    async (req) => ({
      message: 'success',
      removed: await o.monitored.resetProject(req.params.id),
    }),
  );

  app.get(
    '/api/gateway/monitored/:id',
    {
      schema: {
        tags,
        summary: 'The addresses this gateway records for its project (empty when it has none)',
        params: gatewayParams,
        response: { 200: gatewayMonitoredReply },
      },
    },
    async (req) => ({ monitored: await o.monitored.listGateway(req.params.id) }),
  );

  app.post(
    '/api/gateway/monitored/:id',
    {
      schema: {
        tags,
        summary: 'Replace the addresses this gateway records',
        description:
          "Each address takes its DPT and name from the request, else from the project's ETS " +
          'file. 400 malformedAddress, 400 addressHasNoDpt, 400 invalidDPT (main types 1-21, ' +
          '232, 237, 238 only), 409 addressAlreadyUsed (recorded by another gateway of the ' +
          "project), each with `addresses`; 400 maxAddress with `max` (the plan's maximum over " +
          'the project); 409 gatewayNotInProject. Nothing changes on a refusal. An online ' +
          'gateway is told at once (`sent`), any other when it next connects.',
        params: gatewayParams,
        body: gatewayMonitorBody,
        response: { 200: gatewayMonitorReply, 400: addressesError, 409: addressesError },
      },
    },
    async (req) => o.monitored.setGateway(req.params.id, req.body.monitor),
  );

  app.get(
    '/api/gateway/monitored/count/:id',
    {
      schema: {
        tags,
        summary: 'How many addresses this gateway, and its whole project, record; the maximum',
        params: gatewayParams,
        response: { 200: gatewayMonitoredCountReply },
      },
    },
    async (req) => o.monitored.countGateway(req.params.id),
  );

  app.get(
    '/api/gateway/ets/:id',
    {
      schema: {
        tags,
        summary: "The project's ETS tree for this gateway's monitored-addresses dialog",
        description:
          'Each address tells whether this gateway records it, which other gateway does ' +
          '(`usedBy`) and why it cannot be picked (`disabled`). 404 etsFileNotFound (console: ' +
          'projectOrEtsNotFound); 400 etsNoAddress (console: addressNotFound).',
        params: gatewayParams,
        response: { 200: gatewayEtsReply, 400: errorReply, 404: errorReply },
      },
    },
    async (req) => o.monitored.gatewayEts(req.params.id),
  );
};
