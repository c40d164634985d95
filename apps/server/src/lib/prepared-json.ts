import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Up to this size a reply is compressed on the event loop: about half a millisecond. */
export const GZIP_INLINE_MAX_BYTES = 64 * 1024;

/**
 * A JSON reply serialised once (see RevisionCache). Its gzip form is made on the first request
 * that accepts it and kept with it: browsers then get ~10 times fewer bytes for no CPU per
 * request. Up to `GZIP_INLINE_MAX_BYTES` it is made at once; a larger one is made off the
 * event loop, and the requests that come before it is ready get the JSON as it is rather
 * than wait: on a busy node the compression's return waited for a turn of the event loop,
 * tens of milliseconds for every request of a team after each change of its list
 * (decision 0070).
 */
export class PreparedJson {
  private zipped: Buffer | undefined;
  private zipping: Promise<Buffer> | undefined;

  /** `cacheable` false: built for one request, never worth compressing. */
  constructor(
    readonly json: Buffer,
    readonly cacheable = true,
  ) {}

  /** The gzip form if it is ready or small enough to make now; else starts making it. */
  gzipNow(): Buffer | undefined {
    if (this.zipped) return this.zipped;
    if (this.json.length <= GZIP_INLINE_MAX_BYTES) return (this.zipped = gzipSync(this.json));
    this.gzip().catch(() => (this.zipping = undefined)); // tried again on the next request
    return undefined;
  }

  /** The gzip form, made off the event loop. */
  gzip(): Promise<Buffer> {
    this.zipping ??= gzipAsync(this.json).then((zipped) => (this.zipped = zipped));
    return this.zipping;
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
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, body: PreparedJson) {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (
    body.cacheable &&
    body.json.length >= MIN_GZIP_BYTES &&
    acceptsGzip(req.headers['accept-encoding'])
  ) {
    const zipped = body.gzipNow();
    if (zipped) return reply.header('content-encoding', 'gzip').send(zipped);
  }
  return reply.send(body.json);
}
