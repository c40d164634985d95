import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from '../lib/errors';

interface WebOptions {
  webDist: string;
}

/**
 * Serves the built console: files that exist under apps/web/dist, and
 * index.html for any other path so the single-page router takes over.
 * Unknown /api paths stay JSON 404s.
 */
export const webPlugin = fp<WebOptions>(async (app, opts) => {
  await app.register(fastifyStatic, { root: opts.webDist, serve: false });
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      throw new AppError('notFound', `${req.method} ${path} not found`);
    }
    if (!existsSync(join(opts.webDist, 'index.html'))) {
      // Without a console this server serves the API only: nothing else exists here.
      throw new AppError('notFound', 'The console is not built: run `npm run build`');
    }
    const rel = normalize(decodeURIComponent(path)).replace(/^([/\\])+/, '');
    const file = join(opts.webDist, rel);
    if (rel && file.startsWith(opts.webDist + sep) && existsSync(file) && statSync(file).isFile()) {
      const immutable = rel.startsWith('assets/') && !rel.startsWith('assets/i18n/');
      return reply.sendFile(rel, { maxAge: immutable ? '365d' : 0, immutable });
    }
    if (/\.[a-z0-9]+$/i.test(rel)) throw new AppError('notFound', 'File not found');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
