import type { ErrorReply } from '@atrium/contracts/errors';
import { z } from 'zod';

// Runtime check of the contracts' ErrorReply interface (the server's error shape). Loose:
// some replies carry extra fields the caller reads (a CSV import's rejected rows, `macs`).
const errorReplySchema = z.looseObject({
  statusCode: z.number(),
  code: z.union([z.string(), z.number()]),
  message: z.string(),
  _id: z.string().optional(),
  details: z.unknown().optional(),
}) satisfies z.ZodType<ErrorReply>;

/** A failed call: HTTP status (0 when the server could not be reached) and the reply's code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reply: ErrorReply | null,
  ) {
    super(reply?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get code(): string | number | undefined {
    return this.reply?.code;
  }
}

export function parseErrorReply(body: unknown): ErrorReply | null {
  const parsed = errorReplySchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** 401 and 403 end the session, unless the caller handles them itself (sign-in pages). */
export function endsSession(status: number, signOutOnAuthError: boolean): boolean {
  return signOutOnAuthError && (status === 401 || status === 403);
}
