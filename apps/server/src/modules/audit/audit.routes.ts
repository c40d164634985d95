import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityFilters, activityPage, activityQuery } from '@atrium/contracts/activity';
import { errorReply } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { activityCsv } from './activity-csv';
import type { AuditService } from './audit.service';

interface Options {
  audit: AuditService;
}

const tags = ['activity'];
const FILTERS =
  '`from` and `to` (epoch ms, `to` excluded), `actions` (comma-separated: any of them), ' +
  "`actor` (part of the actor's e-mail).";

/** The team activity log (issue 16, decision 0022): the caller's team only. */
export const auditRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  app.get(
    '/api/activity',
    {
      schema: {
        tags,
        summary: "The caller's team activity log, newest first",
        description: `Filters: ${FILTERS} A page holds \`limit\` entries (50 by default, 200 at most); \`next\` is the cursor of the following one.`,
        querystring: activityQuery,
        response: { 200: activityPage, 400: errorReply },
      },
    },
    async (req) => o.audit.page(requireUser(req), req.query),
  );

  app.get(
    '/api/activity/export.csv',
    {
      schema: {
        tags,
        summary: 'The same log as a CSV file (RFC 4180, UTF-8 with BOM, comma, CRLF)',
        description:
          `Filters: ${FILTERS} Columns: time (ISO 8601, Paris time), actor, action, ` +
          'target_kind, target_id, target_name, details (JSON). Cells a spreadsheet would read ' +
          'as a formula start with a quote mark. The newest 50,000 entries at most.',
        querystring: activityFilters,
        response: { 200: z.string().describe('text/csv'), 400: errorReply },
      },
    },
    async (req, reply) => {
      const csv = activityCsv(await o.audit.exportEntries(requireUser(req), req.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
