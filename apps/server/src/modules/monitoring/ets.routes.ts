import { z } from 'zod';
import { acceptUploads } from '../../lib/upload';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  etsDeleteReply,
  etsFileReply,
  etsInfosReply,
  etsSimplifiedReply,
  etsUploadReply,
  etsVerifyReply,
} from '@atrium/contracts/monitoring';
import { errorReply } from '../../lib/schemas';
import { ETS_UPLOAD_NOTE, etsFileBody, readEtsUpload } from './ets-upload';
import type { EtsService } from './ets.service';
import type { MonitoredService } from './monitored.service';

interface Options {
  ets: EtsService;
  monitored: Pick<MonitoredService, 'countProject'>;
}

const tags = ['monitoring'];
const params = z.object({ id: z.string().min(1).max(64).describe('project id') });
const uploadErrors = { 400: errorReply, 413: errorReply };

/** The ETS file calls of the project service (document 3 §7; document 2 §4, §5, §8). */
export const etsRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  await acceptUploads(app);

  app.post(
    '/api/project/ets/verify',
    {
      schema: {
        tags,
        summary: 'Check an ETS export without storing it',
        description: ETS_UPLOAD_NOTE,
        consumes: ['multipart/form-data'],
        body: etsFileBody,
        response: { 200: etsVerifyReply, 206: etsVerifyReply, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const result = await o.ets.verify(await readEtsUpload(req));
      return reply.status(result.skipped.length ? 206 : 200).send(result);
    },
  );

  app.post(
    '/api/project/ets/update/:id',
    {
      schema: {
        tags,
        summary: "Upload the project's ETS file (replaces the previous one)",
        description: `${ETS_UPLOAD_NOTE} A refused file leaves the previous one in place.`,
        consumes: ['multipart/form-data'],
        params,
        body: etsFileBody,
        response: { 200: etsUploadReply, 206: etsUploadReply, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const result = await o.ets.upload(req.params.id, await readEtsUpload(req));
      return reply.status(result.skipped.length ? 206 : 200).send(result);
    },
  );

  app.get(
    '/api/project/ets/:id',
    {
      schema: {
        tags,
        summary: "The project's ETS file: name, timestamp and tree",
        description: '404 etsFileNotFound: the project has no ETS file.',
        params,
        response: { 200: etsFileReply, 404: errorReply },
      },
    },
    async (req) => ({ ets: await o.ets.get(req.params.id) }),
  );

  app.get(
    '/api/project/ets/simplified/:id',
    {
      schema: {
        tags,
        summary: "The ETS file's addresses as a flat list (empty without a file)",
        params,
        response: { 200: etsSimplifiedReply },
      },
    },
    async (req) => ({ addresses: await o.ets.simplified(req.params.id) }),
  );

  app.get(
    '/api/project/ets/infos/:id',
    {
      schema: {
        tags,
        summary: "The ETS file's name and upload time (null without a file)",
        params,
        response: { 200: etsInfosReply },
      },
    },
    async (req) => ({ infos: await o.ets.infos(req.params.id) }),
  );

  app.delete(
    '/api/project/ets/delete/:id',
    {
      schema: {
        tags,
        summary: "Delete the project's ETS file",
        description:
          'Monitored addresses and recorded data are kept; `monitored` tells how many addresses ' +
          'remain, so the console can offer to reset them (DELETE /api/project/monitored/{id}). ' +
          '404 etsFileNotFound.',
        params,
        response: { 200: etsDeleteReply, 404: errorReply },
      },
    },
    async (req) => {
      await o.ets.remove(req.params.id);
      const { cpt } = await o.monitored.countProject(req.params.id);
      return { message: 'success', monitored: cpt };
    },
  );
};
