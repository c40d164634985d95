import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptUploads } from '../../lib/upload';
import {
  importLicencesReply,
  licenceKeyParam,
  licenceReply,
  useLicenceBody,
  useLicenceReply,
} from '@atrium/contracts/licence';
import { errorReply } from '../../lib/schemas';
import { csvErrorReply } from '../../lib/error-replies';
import { requireUser } from '../../plugins/auth';
import { perUserLimit } from '../../plugins/rate-limit';
import { CSV_UPLOAD_NOTE, csvFileBody, readCsvUpload } from '../../lib/csv-upload';
import type { LicenceImportService } from './licence-import.service';
import type { LicencesService } from './licences.service';

interface Options {
  licences: LicencesService;
  importer: LicenceImportService;
  checksPerMinute: number;
}

const tags = ['licences'];

/** Licence calls (document 3 §7): verify, use on a project, import. */
export const licenceRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  await acceptUploads(app);
  // Counted per user, once the auth hook has named them (decision 0016).
  const config = perUserLimit('user', o.checksPerMinute);

  app.get(
    '/api/licences/verify/:key',
    {
      schema: {
        tags,
        summary: 'Check a licence key',
        description: '404 serialKeyNotFound; 409 licenceAlreadyUsed. Keys are case-insensitive.',
        params: licenceKeyParam,
        response: { 200: licenceReply, 404: errorReply, 409: errorReply, 429: errorReply },
      },
      config,
    },
    async (req) => o.licences.verify(req.params.key),
  );

  app.post(
    '/api/licences/use/:key',
    {
      schema: {
        tags,
        summary: 'Use a licence key on a project',
        description:
          'bossnx enables the boss dashboard, chartnx adds chart dashboards, vpn adds hours of ' +
          'remote access, emergynx/klocknx add the addon. 404 licenceNotFound; 409 ' +
          'licenceAlreadyUsed; 404 notFound for a project the caller does not own.',
        params: licenceKeyParam,
        body: useLicenceBody,
        response: { 200: useLicenceReply, 404: errorReply, 409: errorReply, 429: errorReply },
      },
      config,
    },
    async (req) => o.licences.use(requireUser(req), req.params.key, req.body.projectId),
  );

  app.post(
    '/api/licences/add',
    {
      schema: {
        tags,
        summary: 'Import licence keys from a CSV file (columns key,type[,value])',
        description: `${CSV_UPLOAD_NOTE} type: bossnx, chartnx, vpn (value: hours, required), emergynx, klocknx.`,
        consumes: ['multipart/form-data'],
        body: csvFileBody,
        response: { 201: importLicencesReply, 400: csvErrorReply, 413: errorReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await o.importer.importCsv(await readCsvUpload(req))),
  );
};
