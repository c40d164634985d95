import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { fileBody, readUpload } from './upload';

/** Documents the multipart body (one `file` part); the parts are read by readCsvUpload. */
export const csvFileBody = fileBody('the .csv file');

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
  const { bytes } = await readUpload(req, '.csv');
  const text = bytes.toString('utf8');
  if (text.replace(/^\uFEFF/, '').trim() === '')
    throw new AppError('emptyFile', 'The file is empty');
  return text;
}
