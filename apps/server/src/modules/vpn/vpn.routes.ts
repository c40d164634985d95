import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customProxyBody,
  customProxyReply,
  etsCreateQuery,
  etsPortReply,
  vpnLogReply,
  vpnMessageReply,
  vpnOpenBody,
  vpnProxyReply,
  vpnStatusReply,
} from '@atrium/contracts/vpn';
import { commandErrorReply, errorReply } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { VpnService } from './vpn.service';

const tags = ['vpn'];
const mac = z.object({ mac: z.string().min(1).max(64).describe('gateway MAC (or id)') });
const ref = z.object({ id: z.string().min(1).max(64).describe('gateway id or MAC') });
const errors = { 400: errorReply, 404: errorReply, 409: errorReply };
const NO_SESSION = '409 noActiveVPN when the gateway has no live session.';

/** The VPN service (document 3 §7, "VPN service"; decision 0017). GETs that act get no HEAD twin. */
export const vpnRoutes: FastifyPluginAsyncZod<{ vpn: VpnService }> = async (app, { vpn }) => {
  app.get(
    '/api/vpn/status/:mac',
    {
      schema: {
        tags,
        summary: 'Remote access status: online, until (-1: no end; "0": no session), ip',
        params: mac,
        response: { 200: vpnStatusReply, ...errors },
      },
    },
    (req) => vpn.status(requireUser(req), req.params.mac),
  );

  app.post(
    '/api/vpn/open/:mac',
    {
      schema: {
        tags,
        summary: 'Open a remote access session; the gateway connects its tunnel',
        description:
          'delay: one of the delays the project’s VPN hours allow (400 vpnDelayNotAllowed), or -1 ' +
          '(administrators). 409 gatewayOffline when the gateway is offline; 504 gatewayTimeout.',
        params: mac,
        body: vpnOpenBody,
        response: { 200: vpnMessageReply, ...errors, 422: commandErrorReply, 504: errorReply },
      },
    },
    (req) => vpn.open(requireUser(req), req.params.mac, req.body.delay),
  );

  app.get(
    '/api/vpn/disconnect/:mac',
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'End the session: its tunnel, proxies and ETS port close',
        params: mac,
        response: { 200: vpnMessageReply, ...errors },
      },
    },
    (req) => vpn.disconnect(requireUser(req), req.params.mac),
  );

  app.get(
    '/api/vpn/proxy/id/:id',
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'The session’s proxy id and the addresses of the gateway’s pages',
        description: NO_SESSION,
        params: ref,
        response: { 200: vpnProxyReply, ...errors },
      },
    },
    (req) => vpn.proxy(req.params.id),
  );

  app.get(
    '/api/vpn/proxy/ets/create/:id',
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Ask for an ETS port forwarded to the gateway’s KNXnet/IP TCP endpoint',
        description: `Poll /api/vpn/proxy/ets/port/{id} until port is not "false". ${NO_SESSION}`,
        params: ref,
        querystring: etsCreateQuery,
        response: { 200: etsPortReply, ...errors },
      },
    },
    (req) => vpn.etsCreate(req.params.id, req.query.ipv6),
  );

  app.get(
    '/api/vpn/proxy/ets/port/:id',
    {
      schema: {
        tags,
        summary: 'The ETS port ("false" while it opens), server and session end',
        description: NO_SESSION,
        params: ref,
        response: { 200: etsPortReply, ...errors },
      },
    },
    (req) => vpn.etsPort(req.params.id),
  );

  const customErrors =
    '409 customProxyUnsupported below version 8.4 or on a virtual gateway. ' + NO_SESSION;
  app.get(
    '/api/vpn/custom-proxy/:id',
    {
      schema: {
        tags,
        summary: 'The custom proxy URL and its subdomain',
        description: `404 missingUrl before a URL is saved; 404 noProxyFile while the gateway has not applied it. ${customErrors}`,
        params: ref,
        response: { 200: customProxyReply, ...errors },
      },
    },
    (req) => vpn.customProxy(req.params.id),
  );

  app.post(
    '/api/vpn/custom-proxy/:id',
    {
      schema: {
        tags,
        summary: 'Save the custom proxy URL (http:// or https://) and apply it on the gateway',
        description: `subdomain is null when the gateway did not apply it (URL saved). ${customErrors}`,
        params: ref,
        body: customProxyBody,
        response: { 200: customProxyReply, ...errors },
      },
    },
    (req) => vpn.saveCustomProxy(req.params.id, req.body.url),
  );

  app.get(
    '/api/vpn/log/:id',
    {
      schema: {
        tags,
        summary: 'Remote access log: the gateway’s sessions, newest first (kept by plan retention)',
        params: ref,
        response: { 200: vpnLogReply, ...errors },
      },
    },
    (req) => vpn.log(req.params.id),
  );
};
