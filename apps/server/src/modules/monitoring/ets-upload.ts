import type { FastifyRequest } from 'fastify';
import { ETS_NAME_MAX } from '@atrium/contracts/monitoring';
import { AppError } from '../../lib/errors';
import { fileBody, readUpload } from '../../lib/upload';

/** An uploaded ETS export: its file name and bytes, not yet parsed. */
export interface EtsUpload {
  name: string;
  bytes: Buffer;
}

/** Documents the multipart body (one `file` part); the parts are read by readEtsUpload. */
export const etsFileBody = fileBody('the .xml ETS export');

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
  const { filename, bytes } = await readUpload(req, '.xml');
  if (bytes.length === 0) throw new AppError('emptyFile', 'The file is empty');
  return { name: baseName(filename), bytes };
}
