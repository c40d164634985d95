import { PassThrough, type Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { MultipartFile } from '@fastify/multipart';
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
 * What a broken multipart body (no boundary, cut short, a part over the limits) answers: the
 * parser's own 4xx errors keep their status, anything else is 400 malformedUpload.
 */
export function uploadFailure(req: FastifyRequest, err: unknown, tooLarge: string): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof req.server.multipartErrors.RequestFileTooLargeError) {
    return new AppError('fileTooLargeMax', tooLarge);
  }
  const status = typeof err === 'object' && err !== null && 'statusCode' in err && err.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return err;
  const reason = err instanceof Error ? err.message : 'unreadable';
  return new AppError('malformedUpload', `The multipart body could not be read: ${reason}`);
}

/**
 * A streamed file part that fails when the request body ends inside it (no closing boundary):
 * the multipart parser then neither ends nor fails the part, and whoever reads it would wait
 * forever. Once the body has ended, a part that was closed, or that has nothing left to read
 * and still has not ended after a short while, never will end.
 */
export function streamedPart(req: FastifyRequest, part: Readable, graceMs = 500): Readable {
  const out = new PassThrough();
  const cutShort = () => {
    if (!part.readableEnded) out.destroy(new Error('The multipart body ended inside the file'));
  };
  part.once('error', (err) => out.destroy(err));
  part.once('close', cutShort);
  part.pipe(out);
  const watch = () => {
    let idle = 0;
    const timer = setInterval(() => {
      if (part.readableEnded) return clearInterval(timer);
      idle = part.destroyed || part.readableLength === 0 ? idle + 1 : 0;
      if (idle < 2) return;
      clearInterval(timer);
      cutShort();
    }, graceMs);
    timer.unref();
  };
  if (req.raw.readableEnded) watch();
  else req.raw.once('end', watch);
  return out;
}

/** The first file part of a multipart request (400 invalidFileType when it is not multipart). */
export async function firstFile(req: FastifyRequest, tooLarge: string): Promise<MultipartFile> {
  if (!req.isMultipart()) {
    throw new AppError('invalidFileType', 'Send the file as multipart/form-data');
  }
  let file: MultipartFile | undefined;
  try {
    file = await req.file();
  } catch (err) {
    throw uploadFailure(req, err, tooLarge);
  }
  if (!file) throw new AppError('emptyFile', 'No file was sent');
  return file;
}

/**
 * The one file of a multipart request, with the spec's upload rules: at most
 * 1,000,000 bytes (413 fileTooLargeMax) and the given extension (400 invalidFileType).
 * Emptiness is left to the caller, which knows what counts as empty.
 */
export async function readUpload(
  req: FastifyRequest,
  extension: '.csv' | '.xml',
): Promise<{ filename: string; bytes: Buffer }> {
  const tooLarge = 'The file is larger than 1,000,000 bytes (1 mo)';
  const file = await firstFile(req, tooLarge);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    throw uploadFailure(req, err, tooLarge);
  }
  if (!file.filename.trim().toLowerCase().endsWith(extension)) {
    throw new AppError('invalidFileType', `Only ${extension} files are accepted`);
  }
  return { filename: file.filename, bytes };
}
