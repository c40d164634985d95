import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { HealthRepository } from './health.repository';

interface SystemOptions {
  health: HealthRepository;
  i18nDir: string;
}

/** Health probe and the console's translation files. */
export const systemRoutes: FastifyPluginAsyncZod<SystemOptions> = async (app, opts) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        security: [],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await opts.health.ping();
      return { status: 'ok' as const };
    },
  );

  // German is accepted by the language switch but has no file: it falls back to English.
  app.get(
    '/assets/i18n/:lang',
    {
      schema: {
        tags: ['system'],
        summary: 'Translation file of the console (fr, en; de falls back to en)',
        security: [],
        params: z.object({ lang: z.enum(['fr.json', 'en.json', 'de.json']) }),
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (req, reply) => {
      const lang = req.params.lang === 'de.json' ? 'en.json' : req.params.lang;
      try {
        const text = await readFile(join(opts.i18nDir, lang), 'utf8');
        reply.header('cache-control', 'no-cache');
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new AppError('notFound', 'Translation file not found');
      }
    },
  );
};
