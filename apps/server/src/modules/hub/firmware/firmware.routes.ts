import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FIRMWARE_MAX_BYTES,
  firmwareQuery,
  firmwareReply,
  hubStatsReply,
} from '@atrium/contracts/hub';
import { AppError } from '../../../lib/errors';
import { errorReply } from '../../../lib/schemas';
import { firstFile, streamedPart, uploadFailure } from '../../../lib/upload';
import type { FirmwareService } from './firmware.service';
import type { Hub } from '../hub.service';

const fileBody = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'the firmware image' } },
});

/** Firmware upload (admin), the gateways' signed download, and the hub's counters (admin). */
export const firmwareRoutes: FastifyPluginAsyncZod<{
  firmware: FirmwareService;
  hub: Hub;
}> = async (app, { firmware, hub }) => {
  await app.register(multipart, {
    limits: { files: 1, fileSize: FIRMWARE_MAX_BYTES, fields: 5, parts: 6 },
  });

  app.post(
    '/api/information/update',
    {
      schema: {
        tags: ['information'],
        summary: 'Upload a firmware file for a gateway type and version (admin)',
        description:
          'multipart/form-data with one `file` part; type, version and branch (MAIN or beta) in the ' +
          'query. Stored under DATA_DIR/firmware with its SHA-256; a second upload of the same ' +
          'type and version replaces the first. 413 fileTooLargeMax above 256 MiB.',
        consumes: ['multipart/form-data'],
        querystring: firmwareQuery,
        body: fileBody,
        response: { 201: firmwareReply, 400: errorReply, 413: errorReply },
      },
    },
    async (req, reply) => {
      const tooLarge = 'The file is larger than 256 MiB';
      const file = await firstFile(req, tooLarge);
      try {
        const stored = await firmware.store(streamedPart(req, file.file), req.query);
        if (file.file.truncated) throw new AppError('fileTooLargeMax', 'The file is too large');
        return reply.status(201).send({ firmware: stored });
      } catch (err) {
        throw uploadFailure(req, err, tooLarge);
      }
    },
  );

  app.get(
    '/api/hub/firmware/:id',
    {
      schema: {
        tags: ['gateway hub'],
        summary: 'Firmware download for a gateway (the signed URL of the update command)',
        description: 'The `token` is signed for this file and expires after 15 minutes; else 404.',
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: z.object({ token: z.string().min(1).max(2048) }),
        response: { 200: z.unknown().meta({ type: 'string', format: 'binary' }), 404: errorReply },
      },
    },
    async (req, reply) => {
      const { size, stream } = await firmware.open(req.params.id, req.query.token);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', size)
        .send(stream);
    },
  );

  app.get(
    '/api/hub/stats',
    {
      schema: {
        tags: ['gateway hub'],
        summary: 'Hub counters: accepted and dropped publishes by reason, disconnects (admin)',
        response: { 200: hubStatsReply },
      },
    },
    () => hub.stats(),
  );
};
