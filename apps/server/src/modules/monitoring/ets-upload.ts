import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ETS_NAME_MAX, MONITORING_LIMITS } from '@atrium/contracts/monitoring';
import { AppError } from '../../lib/errors';

/** An uploaded ETS export: its file name and bytes, not yet parsed. */
export interface EtsUpload {
  name: string;
  bytes: Buffer;
}

/** Registers multipart parsing in the calling (encapsulated) plugin only. */
export async function acceptEtsUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 1, fileSize: MONITORING_LIMITS.etsMaxBytes, fields: 5, parts: 6 },
  });
}

/** Documents the multipart body (one `file` part); the parts are read by readEtsUpload. */
export const etsFileBody = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'the .xml ETS export' } },
});

/** OpenAPI description shared by the ETS upload routes. */
export const ETS_UPLOAD_NOTE =
  'multipart/form-data with one `.xml` file ("Export group addresses" of ETS 4, 5 or 6, or the ' +
  '0.xml of a .knxproj) of at most 1,000,000 bytes: 413 fileTooLargeMax, 400 emptyFile, ' +
  '400 invalidFileType (not .xml), 400 etsFileNotReadable (malformed, truncated, DOCTYPE or ' +
  'entities, wrong encoding, not an export), 400 etsNoAddress (no usable address). 206 instead ' +
  'of 200 when some entries were skipped; `skipped` lists them with the reason.';

/** The file name without any folder, cut to the stored length. */
const baseName = (filename: string) =>
  (filename.split(/[\\/]/).pop() ?? '').trim().slice(0, ETS_NAME_MAX);

/**
 * The one `.xml` file of a multipart request (document 2 §5): at most
 * 1,000,000 bytes, not empty. Its content is checked by the ETS parser.
 */
export async function readEtsUpload(req: FastifyRequest): Promise<EtsUpload> {
  if (!req.isMultipart()) {
    throw new AppError(400, 'invalidFileType', 'Send one .xml file as multipart/form-data');
  }
  const file = await req.file();
  if (!file) throw new AppError(400, 'emptyFile', 'No file was sent');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError(413, 'fileTooLargeMax', 'The file is larger than 1,000,000 bytes (1 mo)');
    }
    throw err;
  }
  const name = baseName(file.filename);
  if (!name.toLowerCase().endsWith('.xml')) {
    throw new AppError(400, 'invalidFileType', 'Only .xml ETS exports are accepted');
  }
  if (bytes.length === 0) throw new AppError(400, 'emptyFile', 'The file is empty');
  return { name, bytes };
}
