import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  errorStatus,
  isErrorCode,
  wireCode,
  type ErrorCode,
  type ErrorReply,
} from '@atrium/contracts/errors';
import { AppError } from '../lib/errors';

/** Catalogue codes for Fastify's own 4xx errors (bad JSON, too large, wrong content type...). */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 404:
      return 'notFound';
    case 408:
      return 'requestTimeout';
    case 413:
      return 'payloadTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 429:
      return 'rateLimited';
    default:
      return 'validation';
  }
}

/**
 * Fastify's router errors (a malformed percent-encoding, a path parameter over the length
 * limit) answered like every other error, with a catalogue code.
 */
export function frameworkErrors(
  err: FastifyError,
  _req: FastifyRequest,
  reply: FastifyReply,
): void {
  const body = replyFor(
    err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uriTooLong' : 'validation',
    err.message,
  );
  void reply.status(body.statusCode).send(body);
}

/** Node's HTTP parser errors (headers too large, bad request line, timeouts), before any route. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  const code: ErrorCode =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'headersTooLarge'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'requestTimeout'
        : 'validation';
  if (socket.writable && !socket.destroyed) {
    const text = JSON.stringify(replyFor(code, err.code ?? 'Bad request'));
    socket.end(
      `HTTP/1.1 ${errorStatus(code)} ${STATUS_CODES[errorStatus(code)] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/** The reply for a catalogue code: its status and wire code come from the catalogue. */
function replyFor(code: ErrorCode, message: string, extra: object = {}): ErrorReply {
  return { statusCode: errorStatus(code), code: wireCode(code), message, ...extra };
}

/** The one error handler: every failure becomes `{statusCode, code, message}`. */
export const errorHandlerPlugin = fp((app, _opts, done) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let body: ErrorReply;
    if (err instanceof AppError) {
      body = replyFor(err.code, err.message, err.extra);
      if (err.retryAfterSeconds) void reply.header('retry-after', err.retryAfterSeconds);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath,
        message: v.message ?? 'invalid',
      }));
      // A schema refinement whose message is a 400 code of the catalogue (invalidMac,
      // invalidNameAddGW...) gives that code, so the console can show the precise message.
      const key = details
        .map((d) => d.message)
        .find((m): m is ErrorCode => isErrorCode(m) && errorStatus(m) === 400);
      body = replyFor(key ?? 'validation', 'Invalid request', { details });
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      body = replyFor(codeForStatus(err.statusCode), err.message);
    } else {
      req.log.error({ err }, 'unhandled error');
      body = replyFor('error', `Internal error (request ${req.id})`);
    }
    if (body.statusCode >= 500) req.log.error({ code: body.code }, body.message);
    return reply.status(body.statusCode).send(body);
  });
  // A NUL byte names nothing here, and PostgreSQL refuses it in text: refuse it in the URL
  // before any route reads a parameter.
  app.addHook('onRequest', async (req) => {
    if (req.url.includes('%00') || req.url.includes('\0')) {
      throw new AppError('validation', 'The address holds a NUL byte');
    }
  });
  app.setNotFoundHandler((req, reply) => {
    const body = replyFor('notFound', `${req.method} ${req.url} not found`);
    return reply.status(body.statusCode).send(body);
  });
  done();
});
