import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReply } from '@atrium/contracts/errors';
import { AppError } from '../lib/errors';

/** Codes for Fastify's own 4xx errors (bad JSON, too large, wrong content type...). */
function codeForStatus(status: number): string {
  switch (status) {
    case 404:
      return 'notFound';
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

/** The one error handler: every failure becomes `{statusCode, code, message}`. */
export const errorHandlerPlugin = fp((app, _opts, done) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let body: ErrorReply;
    if (err instanceof AppError) {
      body = { statusCode: err.statusCode, code: err.code, message: err.message, ...err.extra };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath,
        message: v.message ?? 'invalid',
      }));
      // A schema refinement whose message is a spec key (invalidMac, invalidNameAddGW...) gives
      // that key as the code, so the console can show the precise translated message.
      const key = details.map((d) => d.message).find((m) => /^[a-zA-Z][\w.]*$/.test(m));
      body = { statusCode: 400, code: key ?? 'validation', message: 'Invalid request', details };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      body = {
        statusCode: err.statusCode,
        code: codeForStatus(err.statusCode),
        message: err.message,
      };
    } else {
      req.log.error({ err }, 'unhandled error');
      body = { statusCode: 500, code: 'error', message: `Internal error (request ${req.id})` };
    }
    if (body.statusCode >= 500) req.log.error({ code: body.code }, body.message);
    return reply.status(body.statusCode).send(body);
  });
  app.setNotFoundHandler((req, reply) =>
    reply
      .status(404)
      .send({ statusCode: 404, code: 'notFound', message: `${req.method} ${req.url} not found` }),
  );
  done();
});
