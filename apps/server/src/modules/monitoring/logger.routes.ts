import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loggerOptionsQuery,
  loggerOptionsReply,
  loggerPauseBody,
  loggerReply,
  voltageOptionsBody,
  voltageReply,
} from '@atrium/contracts/monitoring';
import { errorReply } from '../../lib/schemas';
import type { LoggerService } from './logger.service';

interface Options {
  logger: LoggerService;
}

const tags = ['monitoring'];
const params = z.object({ id: z.string().min(1).max(64).describe('project id') });

/** The project's logger: pause, options, voltage monitoring (document 3 §7). */
export const loggerRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  app.post(
    '/api/project/logs/pause/:id',
    {
      schema: {
        tags,
        summary: 'Pause (true) or restart (false) recording',
        description: 'Online gateways are told to record nothing, or their list again; data stays.',
        params,
        body: loggerPauseBody,
        response: { 200: loggerReply },
      },
    },
    async (req) => ({ logger: await o.logger.pause(req.params.id, req.body.pause) }),
  );

  app.get(
    '/api/project/logs/options/:id',
    {
      schema: {
        tags,
        summary: 'Logger fields of the project, only those named in `projections`',
        description: '400 validation for an unknown key.',
        params,
        querystring: loggerOptionsQuery,
        response: { 200: loggerOptionsReply, 400: errorReply },
      },
    },
    async (req) => ({ logger: await o.logger.options(req.params.id, req.query.projections) }),
  );

  app.post(
    '/api/project/voltage/options/:id',
    {
      schema: {
        tags,
        summary: 'Voltage monitoring: activate, minimum, maximum (volts, 0-50)',
        description:
          'While activated: 400 fillAtLeastOneField without any threshold, 400 ' +
          'minThresholdLowerThanMax unless minimum < maximum.',
        params,
        body: voltageOptionsBody,
        response: { 200: voltageReply, 400: errorReply },
      },
    },
    async (req) => ({ voltage: await o.logger.voltage(req.params.id, req.body) }),
  );
};
