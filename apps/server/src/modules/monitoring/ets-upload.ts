import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '@atrium/contracts/limits';
import { ETS_NAME_MAX, MONITORING_LIMITS } from '@atrium/contracts/monitoring';
import { AppError } from '../../lib/errors';
import { uploadFailure } from '../../lib/upload';

/** What kind of ETS file was sent: a group-address export, or the ETS project itself. */
export type EtsFileKind = 'xml' | 'knxproj';

/** An uploaded ETS file: its name, bytes and kind, not yet parsed; the password never stored. */
export interface EtsUpload {
  name: string;
  bytes: Buffer;
  /** `xml` when absent (the seed and older callers send exports). */
  kind?: EtsFileKind;
  /** The `.knxproj` project password, for this read only: never stored nor logged. */
  password?: string;
}

/** Documents the multipart body: one `file` part, and an optional `password` field. */
export const etsFileBody = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: 'the .xml ETS export, or the .knxproj ETS project',
    },
    password: {
      type: 'string',
      maxLength: MONITORING_LIMITS.knxprojPasswordMax,
      description:
        'the password of a protected .knxproj (ETS 5.7+ / 6); used to read it, never stored',
    },
  },
});

/** OpenAPI description shared by the ETS upload routes. */
export const ETS_UPLOAD_NOTE =
  'multipart/form-data with one file: an `.xml` ("Export group addresses" of ETS 4, 5 or 6, or ' +
  'the 0.xml of a .knxproj) of at most 1,000,000 bytes, or (beyond the spec, issue 18) an ETS ' +
  'project `.knxproj` of ETS 4, 5 or 6 of at most 50,000,000 bytes, with a `password` field when ' +
  'the project is protected (never stored). 413 fileTooLargeMax (.xml), 413 knxprojTooLarge, ' +
  '400 emptyFile, 400 invalidFileType (neither .xml nor .knxproj), 400 etsFileNotReadable ' +
  '(malformed, truncated, DOCTYPE or entities, wrong encoding, not an export or project), ' +
  '400 etsPasswordRequired, 400 etsPasswordWrong, 400 knxprojUnsafe (paths climbing out of the ' +
  'archive, too many entries, zip bomb), 400 etsNoAddress (no usable address). 206 instead of ' +
  '200 when some entries were skipped; `skipped` lists them with the reason.';

/** The file name without any folder, cut to the stored length. */
const baseName = (filename: string) =>
  (filename.split(/[\\/]/).pop() ?? '').trim().slice(0, ETS_NAME_MAX);

function kindOf(filename: string): EtsFileKind | undefined {
  const lower = filename.trim().toLowerCase();
  if (lower.endsWith('.xml')) return 'xml';
  if (lower.endsWith('.knxproj')) return 'knxproj';
  return undefined;
}

const tooLarge = (kind: EtsFileKind | undefined) =>
  kind === 'knxproj'
    ? new AppError('knxprojTooLarge', 'The ETS project is larger than 50,000,000 bytes (50 Mo)')
    : new AppError('fileTooLargeMax', 'The file is larger than 1,000,000 bytes (1 mo)');

/**
 * The ETS file of a multipart request (document 2 §5, and issue 18 for `.knxproj`):
 * an `.xml` of at most 1,000,000 bytes or a `.knxproj` of at most 50,000,000 bytes, not
 * empty, with the optional `password` field (before or after the file). Its content is
 * checked by the ETS readers.
 */
export async function readEtsUpload(req: FastifyRequest): Promise<EtsUpload> {
  if (!req.isMultipart()) {
    throw new AppError('invalidFileType', 'Send the file as multipart/form-data');
  }
  let file: { filename: string; bytes: Buffer; kind: EtsFileKind | undefined } | undefined;
  let password: string | undefined;
  let current: EtsFileKind | undefined;
  try {
    const parts = req.parts({
      limits: {
        files: 1,
        fields: 5,
        parts: 6,
        fileSize: LIMITS.knxprojMaxBytes,
        fieldSize: MONITORING_LIMITS.knxprojPasswordMax * 4,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        current = kindOf(part.filename);
        // Read even when refused below: the multipart stream must be drained to end.
        const bytes = await part.toBuffer();
        file ??= { filename: part.filename, bytes, kind: current };
      } else if (part.fieldname === 'password' && typeof part.value === 'string') {
        password = part.value;
      }
    }
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError) throw tooLarge(current);
    throw uploadFailure(req, err, 'The file is too large');
  }
  if (!file) throw new AppError('emptyFile', 'No file was sent');
  if (file.kind === undefined) {
    throw new AppError('invalidFileType', 'Only .xml and .knxproj files are accepted');
  }
  if (file.kind === 'xml' && file.bytes.length > MONITORING_LIMITS.etsMaxBytes) {
    throw tooLarge('xml');
  }
  if (file.bytes.length === 0) throw new AppError('emptyFile', 'The file is empty');
  if (password !== undefined && password.length > MONITORING_LIMITS.knxprojPasswordMax) {
    throw new AppError('validation', 'The project password is too long');
  }
  return {
    name: baseName(file.filename),
    bytes: file.bytes,
    kind: file.kind,
    ...(file.kind === 'knxproj' && password !== undefined && password !== '' ? { password } : {}),
  };
}
