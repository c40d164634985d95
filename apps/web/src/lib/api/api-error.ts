import type { ErrorReply } from '@atrium/contracts/errors';

// Runtime check of the contracts' ErrorReply interface (the server's error shape), written
// without zod so that the first page does not load it (issue 16). Loose: some replies carry
// extra fields the caller reads (a CSV import's rejected rows, `macs`).
function isErrorReply(body: unknown): body is ErrorReply {
  if (typeof body !== 'object' || body === null) return false;
  const reply = body as Record<string, unknown>;
  return (
    typeof reply.statusCode === 'number' &&
    (typeof reply.code === 'string' || typeof reply.code === 'number') &&
    typeof reply.message === 'string' &&
    (reply._id === undefined || typeof reply._id === 'string')
  );
}

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
  return isErrorReply(body) ? body : null;
}

/** 401 and 403 end the session, unless the caller handles them itself (sign-in pages). */
export function endsSession(status: number, signOutOnAuthError: boolean): boolean {
  return signOutOnAuthError && (status === 401 || status === 403);
}
