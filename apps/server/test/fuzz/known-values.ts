import { z } from 'zod';
import type { Rng } from './prng';

/** Real objects the fixtures created, for requests that name an id, a MAC or an e-mail. */
export const knownValues = z.object({
  projectId: z.string(),
  gatewayId: z.string(),
  gatewayMac: z.string(),
  looseMac: z.string(),
  waiting: z.object({ mac: z.string(), sn: z.string() }),
  /** In-process demo gateways: commands to them answer at once. */
  demo: z.object({ id: z.string(), mac: z.string(), poolMac: z.string(), targetMac: z.string() }),
  licence: z.string(),
  messageId: z.string(),
  emails: z.array(z.string()),
  userIds: z.array(z.string()),
  password: z.string(),
});
export type KnownValues = z.infer<typeof knownValues>;

/** The id a path `{id}` means on this route: a project, a gateway (id or MAC), a message... */
function idFor(route: string, v: KnownValues, rng: Rng): string {
  if (route.startsWith('/api/project')) return v.projectId;
  if (route.startsWith('/api/information/message')) return v.messageId;
  if (route.startsWith('/api/gateway/pool')) return v.demo.poolMac;
  if (/^\/api\/gateway\/(reboot|initpasswords|config|nodered|update|token)/.test(route)) {
    return rng.pick([v.demo.id, v.demo.mac]);
  }
  if (route.startsWith('/api/gateway')) return rng.pick([v.gatewayId, v.gatewayMac]);
  return 'x0';
}

/** A plausible value for a string field or parameter, by its name; undefined when unknown. */
export function plausibleString(
  name: string,
  route: string,
  v: KnownValues,
  rng: Rng,
): string | undefined {
  const waitingRoute = /\/api\/gateway\/(create|waiting)/.test(route);
  switch (name) {
    case 'id':
      return idFor(route, v, rng);
    case 'projectId':
    case 'project':
    case 'a':
      return v.projectId;
    case 'b':
    case 'from':
      return v.demo.mac;
    case 'to':
      return v.demo.targetMac;
    case 'mac':
      return waitingRoute ? v.waiting.mac : v.demo.mac;
    case 'sn':
      return v.waiting.sn;
    case 'macs':
      return route.includes('/unlink/') ? v.gatewayMac : v.looseMac;
    case 'destinations':
      return v.gatewayMac;
    case 'key':
      return v.licence;
    case 'email':
    case 'emails':
      return rng.pick(v.emails);
    case '_id':
      return rng.pick(v.userIds);
    case 'password':
    case 'password_ui':
      return v.password;
    case 'measurements':
    case 'list':
    case 'address':
    case 'display':
      return '1/1/1';
    case 'favorite':
      return 'Matrix';
    case 'name':
      return `Fuzz ${rng.int(0, 99_999)}`;
    case 'text':
      return 'Hello';
    case 'branch':
      return 'MAIN';
    default:
      return undefined;
  }
}

/** Examples for the patterns of the document; an unknown pattern gets letters and digits. */
export function exampleFor(pattern: string): string {
  if (pattern.includes('\\d{6}')) return '123456';
  if (pattern.includes('\\d{1,4}\\.')) return '1.3.0';
  if (pattern.includes('#[0-9a-f]{6}')) return 'info';
  return 'fuzz1';
}
