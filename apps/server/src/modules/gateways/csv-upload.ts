import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '@atrium/contracts/limits';
import { AppError } from '../../lib/errors';

/** Registers multipart parsing in the calling (encapsulated) plugin only. */
export async function acceptCsvUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 1, fileSize: LIMITS.uploadMaxBytes, fields: 5, parts: 6 },
  });
}

/** Documents the multipart body (one `file` part); the parts are read by readCsvUpload. */
export const csvFileBody = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'the .csv file' } },
});

/** OpenAPI description shared by the CSV import routes. */
export const CSV_UPLOAD_NOTE =
  'multipart/form-data with one `.csv` file of at most 1,000,000 bytes: 413 fileTooLargeMax, ' +
  '400 emptyFile, 400 invalidFileType; 400 invalidCsv lists the rejected rows (`invalid`, with ' +
  'line numbers and reasons) and the accepted ones (`valid`): nothing is imported then.';

/**
 * The text of the one CSV file of a multipart request (document 3 §5): at
 * most 1,000,000 bytes, a `.csv` name, not empty.
 */
export async function readCsvUpload(req: FastifyRequest): Promise<string> {
  if (!req.isMultipart()) {
    throw new AppError(400, 'invalidFileType', 'Send one .csv file as multipart/form-data');
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
  if (!file.filename.toLowerCase().endsWith('.csv')) {
    throw new AppError(400, 'invalidFileType', 'Only .csv files are accepted');
  }
  const text = bytes.toString('utf8');
  if (text.replace(/^\uFEFF/, '').trim() === '')
    throw new AppError(400, 'emptyFile', 'The file is empty');
  return text;
}
