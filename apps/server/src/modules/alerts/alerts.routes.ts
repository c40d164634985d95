import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertSettingsReply,
  alertSettingsSchema,
  alertsQuery,
  alertsReply,
  muteBody,
  muteParams,
  notificationBody,
  openAlertsReply,
  thresholdsBody,
  thresholdsReply,
} from '@atrium/contracts/alerts';
import { notificationSchema } from '@atrium/contracts/project';
import { requireUser } from '../../plugins/auth';
import { errorReply } from '../../lib/schemas';
import type { AlertsService } from './alerts.service';

interface Options {
  alerts: AlertsService;
}

const tags = ['alerts'];
const params = z.object({ id: z.string().min(1).max(64).describe('project id') });
const muteReply = z.object({
  mute: z.object({
    _id: z.string(),
    gateway: z.string().nullable(),
    until: z.number(),
    createdAt: z.number(),
  }),
});

/** Thresholds, notification settings (area `alerts` of the call catalogue) and the history. */
export const alertsRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  app.post(
    '/api/project/logs/thresholds/:id',
    {
      schema: {
        tags,
        summary: "Replace the project's thresholds (the whole list)",
        description:
          'A rule sent with its `_id` keeps it (and its open alert). 400 thresholdsLimit past the ' +
          "project's maximum, invalidForm, addressHasNoDpt, invalidDPT (main types 1, 5-9, 12-14, " +
          '17, 20); 409 gatewayNotInProject; 409 thresholdsUnsupported below the firmware ' +
          'minimum (kloudnx 7.1, poolnx 7.4, klocknx 1.3; emergynx always; grafnx never). ' +
          'An address `modbus:{value id}` watches a Modbus value (no DPT; >, <, =): 404 ' +
          'cannotFindAddress unless a meter of that gateway reads it (decision 0020).',
        params,
        body: thresholdsBody,
        response: { 200: thresholdsReply, 400: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    async (req) => ({ thresholds: await o.alerts.setThresholds(req.params.id, req.body) }),
  );

  app.post(
    '/api/project/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Notification settings: e-mail and Pushover, their events and quiet hours',
        description:
          '400 mailBody unless an enabled e-mail has one or two valid addresses; 400 ' +
          'pushoverFieldEmpty unless an enabled Pushover has its user key and API token. ' +
          'Saving clears a channel marked broken. `language` is that of the mails and pushes.',
        params,
        body: notificationBody,
        response: { 200: z.object({ notification: notificationSchema }), 400: errorReply },
      },
    },
    async (req) => ({ notification: await o.alerts.setNotification(req.params.id, req.body) }),
  );

  app.get(
    '/api/alerts/project/:id',
    {
      schema: {
        tags,
        summary: "The project's alert history, newest first",
        description:
          'Filters by gateway, kind and state; pages with `before` (raisedAt of the last row). ' +
          'Also the open count, channels marked broken and running mutes.',
        params,
        querystring: alertsQuery,
        response: { 200: alertsReply, 400: errorReply },
      },
    },
    async (req) => o.alerts.list(req.params.id, req.query),
  );

  app.get(
    '/api/alerts/open',
    {
      schema: {
        tags,
        summary: 'Open alerts per project the caller can see (the projects list badge)',
        response: { 200: openAlertsReply },
      },
    },
    async (req) => ({ open: await o.alerts.openCounts(requireUser(req)) }),
  );

  app.post(
    '/api/alerts/mute/:id',
    {
      schema: {
        tags,
        summary: 'Mute the project, or one of its gateways, for some minutes',
        description: 'Alerts are still recorded (marked muted); nothing is sent for them.',
        params,
        body: muteBody,
        response: { 200: muteReply, 400: errorReply, 409: errorReply },
      },
    },
    async (req) => ({ mute: await o.alerts.mute(req.params.id, requireUser(req), req.body) }),
  );

  app.delete(
    '/api/alerts/mute/:id/:muteId',
    {
      schema: {
        tags,
        summary: 'End a mute now',
        params: muteParams,
        response: { 200: z.object({ removed: z.literal(true) }), 404: errorReply },
      },
    },
    async (req) => {
      await o.alerts.unmute(req.params.id, req.params.muteId);
      return { removed: true as const };
    },
  );

  app.get(
    '/api/alerts/settings/:id',
    {
      schema: {
        tags,
        summary: 'Offline delay and KNX health watchdog of the project',
        params,
        response: { 200: alertSettingsReply },
      },
    },
    async (req) => ({ settings: await o.alerts.settings(req.params.id) }),
  );

  app.post(
    '/api/alerts/settings/:id',
    {
      schema: {
        tags,
        summary: 'Set the offline delay and the KNX health watchdog',
        description:
          'offlineDelaySeconds 5-3600: an outage shorter than this raises nothing; stale: ' +
          'addresses expected at least every N minutes; busload: above a percentage for N minutes.',
        params,
        body: alertSettingsSchema,
        response: { 200: alertSettingsReply, 400: errorReply, 409: errorReply },
      },
    },
    async (req) => ({ settings: await o.alerts.saveSettings(req.params.id, req.body) }),
  );
};
