import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DASHBOARD_TOKEN_HEADER,
  bossCreateBody,
  bossDataReply,
  bossReply,
  bossUpdateBody,
  dashboardBody,
  dashboardDataQuery,
  dashboardDataReply,
  dashboardDeletedReply,
  dashboardExport,
  dashboardFormParam,
  dashboardFormReply,
  dashboardImportBody,
  dashboardItemParam,
  dashboardListReply,
  dashboardPreviewBody,
  dashboardProjectParam,
  dashboardReply,
  dashboardSeriesReply,
  idParam,
  projectDashboardParam,
  projectIdParam,
  sharedDashboardReply,
  sharedDataReply,
  sharedQuery,
  tokenBody,
  tokenReply,
  tokenRevokedReply,
} from '@atrium/contracts/dashboards';
import { errorReply } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { DashboardsService } from './dashboards.service';

const tags = ['dashboards'];
const errors = { 400: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** The shared page's token, from its header only (never a cookie, a query or a bearer). */
const tokenOf = (req: FastifyRequest): string | undefined => {
  const v = req.headers[DASHBOARD_TOKEN_HEADER];
  return typeof v === 'string' ? v : undefined;
};

/**
 * The shared page's reads are public: per source address, at most this many a minute (an
 * office behind one address may have a few hundred viewers, each reading twice on opening).
 */
const SHARED_PER_MINUTE = 600;
const sharedLimit = { rateLimit: { max: SHARED_PER_MINUTE, timeWindow: 60_000 } };

/**
 * Document 1 §7 "Boss and Chart dashboards", document 3 §7 "Chart service" (issue 20,
 * decision 0032): {x} and {a} are the project id, {b} and {id} the dashboard id.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardsService }> = async (
  app,
  { dashboards },
) => {
  app.get(
    '/api/chartnx/dashboard/:x',
    {
      schema: {
        tags,
        summary: "The project's chart dashboards, their live share links, and the licence count",
        params: dashboardProjectParam,
        response: { 200: dashboardListReply, ...errors },
      },
    },
    (req) => dashboards.list(requireUser(req), req.params.x),
  );

  app.post(
    '/api/chartnx/dashboard/:x',
    {
      schema: {
        tags,
        summary: 'Save a new chart dashboard {name, form}',
        description:
          '409 chartnxLimit when the project has its chartnx licences’ count (admins and partner-domain users: no limit); 400 seriesNotInProject, widgetLayout, widgetId.',
        params: dashboardProjectParam,
        body: dashboardBody,
        response: { 201: dashboardReply, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await dashboards.create(requireUser(req), req.params.x, req.body)),
  );

  app.put(
    '/api/chartnx/dashboard/:x/:id',
    {
      schema: {
        tags,
        summary: 'Save a chart dashboard {name, form}',
        description: '404 dashboardNotFound; 400 seriesNotInProject, widgetLayout, widgetId.',
        params: dashboardItemParam,
        body: dashboardBody,
        response: { 200: dashboardReply, ...errors },
      },
    },
    (req) => dashboards.update(requireUser(req), req.params.x, req.params.id, req.body),
  );

  app.delete(
    '/api/chartnx/dashboard/:x/:id',
    {
      schema: {
        tags,
        summary: 'Delete a chart dashboard and its share links',
        params: dashboardItemParam,
        response: { 200: dashboardDeletedReply, ...errors },
      },
    },
    (req) => dashboards.remove(requireUser(req), req.params.x, req.params.id),
  );

  app.get(
    '/api/chartnx/form/:a/:b',
    {
      schema: {
        tags,
        summary: 'The generator’s form of a dashboard ({a} project, {b} dashboard)',
        params: dashboardFormParam,
        response: { 200: dashboardFormReply, ...errors },
      },
    },
    (req) => dashboards.form(requireUser(req), req.params.a, req.params.b),
  );

  app.post(
    '/api/chartnx/token',
    {
      schema: {
        tags,
        summary: 'A share link to one dashboard of one project (the token is shown once)',
        description:
          'type chartnx or bossnx; bucket is the link’s lifetime (1d, 7d, 30d, 1y, never). 404 dashboardNotFound.',
        body: tokenBody,
        response: { 201: tokenReply, ...errors, 429: errorReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await dashboards.createToken(requireUser(req), req.body)),
  );

  app.delete(
    '/api/chartnx/token/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a share link (its viewers are told at once)',
        params: idParam,
        response: { 200: tokenRevokedReply, ...errors },
      },
    },
    (req) => dashboards.revokeToken(requireUser(req), req.params.id),
  );

  app.get(
    '/api/chartnx/series/:projectId',
    {
      schema: {
        tags,
        summary: 'The recorded series a widget may read (KNX addresses, Modbus values)',
        params: projectIdParam,
        response: { 200: dashboardSeriesReply, ...errors },
      },
    },
    (req) => dashboards.series(requireUser(req), req.params.projectId),
  );

  app.get(
    '/api/chartnx/data/:projectId/:dashboardId',
    {
      schema: {
        tags,
        summary: 'Every widget’s data over the dashboard’s range (or start/stop)',
        params: projectDashboardParam,
        querystring: dashboardDataQuery,
        response: { 200: dashboardDataReply, ...errors },
      },
    },
    (req) =>
      dashboards.data(requireUser(req), req.params.projectId, req.params.dashboardId, req.query),
  );

  app.post(
    '/api/chartnx/data/:projectId',
    {
      schema: {
        tags,
        summary: 'The generator’s preview: the data of a form not saved yet',
        params: projectIdParam,
        body: dashboardPreviewBody,
        response: { 200: dashboardDataReply, ...errors },
      },
    },
    (req) => dashboards.preview(requireUser(req), req.params.projectId, req.body.form),
  );

  // boss dashboard

  app.get(
    '/api/bossnx/projects/:id',
    {
      schema: {
        tags,
        summary: "The project's boss dashboard",
        description:
          '404 dashboardNotFound when none exists; 403 bossnxNotLicensed without the bossnx licence (admins and partner-domain users excepted).',
        params: idParam,
        response: { 200: bossReply, ...errors },
      },
    },
    (req) => dashboards.boss(requireUser(req), req.params.id),
  );

  app.post(
    '/api/bossnx/projects/:id',
    {
      schema: {
        tags,
        summary: "Create the project's boss dashboard {projectName} (201; 200 when it exists)",
        params: idParam,
        body: bossCreateBody,
        response: { 200: bossReply, 201: bossReply, ...errors },
      },
    },
    async (req, reply) => {
      const r = await dashboards.createBoss(requireUser(req), req.params.id, req.body.projectName);
      return reply.status(r.created ? 201 : 200).send(r.reply);
    },
  );

  app.put(
    '/api/bossnx/projects/:id',
    {
      schema: {
        tags,
        summary: 'The key values and energy counters of the boss dashboard',
        params: idParam,
        body: bossUpdateBody,
        response: { 200: bossReply, ...errors },
      },
    },
    (req) => dashboards.updateBoss(requireUser(req), req.params.id, req.body),
  );

  app.get(
    '/api/bossnx/data/:id',
    {
      schema: {
        tags,
        summary:
          'The boss dashboard’s summary: gateways online, alerts of 24 h, key values, energy',
        params: idParam,
        response: { 200: bossDataReply, ...errors },
      },
    },
    (req) => dashboards.bossData(requireUser(req), req.params.id),
  );

  // grafnx (decision 0033)

  app.get(
    '/api/grafnx/export/:projectId/:dashboardId',
    {
      schema: {
        tags,
        summary: 'A chart dashboard as portable JSON',
        params: projectDashboardParam,
        response: { 200: dashboardExport, ...errors },
      },
    },
    (req) => dashboards.exportJson(requireUser(req), req.params.projectId, req.params.dashboardId),
  );

  app.post(
    '/api/grafnx/import/:projectId',
    {
      schema: {
        tags,
        summary: 'A new chart dashboard from an export, its gateways mapped onto the project’s',
        params: projectIdParam,
        body: dashboardImportBody,
        response: { 201: dashboardReply, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await dashboards.importJson(requireUser(req), req.params.projectId, req.body)),
  );

  // shared (by token, no session)

  app.get(
    '/api/shared/dashboard',
    {
      schema: {
        tags,
        summary: 'What a share link opens (header x-dashboard-token)',
        description:
          '403 dashboardTokenInvalid, dashboardTokenRevoked, dashboardTokenExpired. No session is read.',
        querystring: sharedQuery,
        response: { 200: sharedDashboardReply, 400: errorReply, 403: errorReply, 429: errorReply },
      },
      config: sharedLimit,
    },
    (req) => dashboards.shared(tokenOf(req), req.query.dashboardID),
  );

  app.get(
    '/api/shared/dashboard/data',
    {
      schema: {
        tags,
        summary: 'The data of a shared dashboard (header x-dashboard-token)',
        querystring: sharedQuery,
        response: { 200: sharedDataReply, 400: errorReply, 403: errorReply, 429: errorReply },
      },
      config: sharedLimit,
    },
    (req) => dashboards.sharedData(tokenOf(req), req.query),
  );
};
