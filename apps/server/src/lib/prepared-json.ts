import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/**
 * A JSON reply serialised once (see RevisionCache). Its gzip form is made on
 * the first request that accepts it, off the event loop, and kept with it:
 * browsers then get ~10 times fewer bytes for no CPU per request.
 */
export class PreparedJson {
  private gzipped: Promise<Buffer> | undefined;

  /** `cacheable` false: built for one request, never worth compressing. */
  constructor(
    readonly json: Buffer,
    readonly cacheable = true,
  ) {}

  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.json);
    return this.gzipped;
  }
}

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

const MIN_GZIP_BYTES = 1024;

/** Sends prepared JSON, gzipped when the client takes it and it is worth it. */
export async function sendPrepared(req: FastifyRequest, reply: FastifyReply, body: PreparedJson) {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (
    body.cacheable &&
    body.json.length >= MIN_GZIP_BYTES &&
    acceptsGzip(req.headers['accept-encoding'])
  ) {
    const zipped = await body.gzip();
    return reply.header('content-encoding', 'gzip').send(zipped);
  }
  return reply.send(body.json);
}
