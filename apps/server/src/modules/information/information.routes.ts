import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { informationMessage, messageBody, messagesReply } from '@atrium/contracts/information';
import { messageReply } from '@atrium/contracts/user';
import { latestVersionsReply, setVersionBody } from '@atrium/contracts/version';
import { errorReply } from '../../lib/schemas';
import type { InformationService } from './information.service';

const tags = ['information'];

/** Latest versions and information messages (document 1 §7, Information). */
export const informationRoutes: FastifyPluginAsyncZod<{ information: InformationService }> = async (
  app,
  { information },
) => {
  app.get(
    '/api/information/version',
    {
      schema: {
        tags,
        summary: 'Latest firmware version per gateway type',
        description:
          'The version status of a gateway (EOL, outdated, beta, uptodate) follows from it: ' +
          'see versionStatus in packages/contracts/src/version.ts.',
        response: { 200: latestVersionsReply },
      },
    },
    () => information.latestVersions(),
  );

  app.post(
    '/api/information/version',
    {
      schema: {
        tags,
        summary: 'Set the latest version of a gateway type (admin)',
        body: setVersionBody,
        response: { 200: latestVersionsReply },
      },
    },
    (req) => information.setLatestVersion(req.body.type, req.body.version),
  );

  app.get(
    '/api/information/message',
    {
      schema: {
        tags,
        summary: 'Messages shown to every user (expired ones left out)',
        response: { 200: messagesReply },
      },
    },
    async () => ({ messages: await information.messages() }),
  );

  app.post(
    '/api/information/message',
    {
      schema: {
        tags,
        summary: 'Post a message shown to every user (admin)',
        description:
          'text is French, textEn English (optional), expiresAt epoch ms (optional). ' +
          'Users dismiss a message in their browser (decision 0027).',
        body: messageBody,
        response: { 201: z.object({ message: informationMessage }) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ message: await information.addMessage(req.body) }),
  );

  app.delete(
    '/api/information/message/:id',
    {
      schema: {
        tags,
        summary: 'Remove a message (admin)',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (req) => {
      await information.removeMessage(req.params.id);
      return { message: 'success' };
    },
  );
};
