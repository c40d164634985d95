import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '@atrium/contracts/limits';
import { AppError } from './errors';

/** Registers multipart parsing (one file of at most 1,000,000 bytes) in the calling plugin only. */
export async function acceptUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 1, fileSize: LIMITS.uploadMaxBytes, fields: 5, parts: 6 },
  });
}

/** Documents a multipart body with one `file` part. */
export const fileBody = (description: string) =>
  z.unknown().meta({
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary', description } },
  });

/**
 * The one file of a multipart request, with the spec's upload rules: at most
 * 1,000,000 bytes (413 fileTooLargeMax) and the given extension (400 invalidFileType).
 * Emptiness is left to the caller, which knows what counts as empty.
 */
export async function readUpload(
  req: FastifyRequest,
  extension: '.csv' | '.xml',
): Promise<{ filename: string; bytes: Buffer }> {
  if (!req.isMultipart()) {
    throw new AppError('invalidFileType', `Send one ${extension} file as multipart/form-data`);
  }
  const file = await req.file();
  if (!file) throw new AppError('emptyFile', 'No file was sent');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError('fileTooLargeMax', 'The file is larger than 1,000,000 bytes (1 mo)');
    }
    throw err;
  }
  if (!file.filename.trim().toLowerCase().endsWith(extension)) {
    throw new AppError('invalidFileType', `Only ${extension} files are accepted`);
  }
  return { filename: file.filename, bytes };
}
