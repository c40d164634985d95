/**
 * Helpers of the monitoring browser test: a gateway imported as waiting, claimed
 * into a project, and run by the simulator library against the stack's MQTT port.
 */
import { GatewayAgent } from '@atrium/gateway-agent/agent';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';
import type { Stack } from './harness';
import { apiCall } from './session';

export interface SimulatedGateway {
  mac: string;
  sn: string;
  agent: GatewayAgent;
}

/** Imports one waiting gateway as the administrator (admin CSV dialog) and returns its secret. */
export async function importWaitingGateway(
  stack: Stack,
  adminToken: string,
  gw: { mac: string; sn: string },
): Promise<string> {
  const form = new FormData();
  const csv = `mac,sn,type,version\n${gw.mac},${gw.sn},kloudnx,8.5.0\n`;
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'gateways.csv');
  const res = await fetch(`${stack.baseUrl}/api/gateway/add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  const body = (await res.json()) as { gateways?: { mac: string; secret: string }[] };
  const secret = body.gateways?.find((g) => g.mac === gw.mac)?.secret;
  if (res.status !== 201 || !secret) throw new Error(`import of ${gw.mac}: ${res.status}`);
  return secret;
}

/** Creates a project and claims the waiting gateway into it; returns the project id. */
export async function projectWithGateway(
  stack: Stack,
  token: string,
  name: string,
  gw: { mac: string; sn: string; name: string },
): Promise<string> {
  const created = await apiCall(stack, 'POST', '/api/project/create', { token, body: { name } });
  const projectId = (created.body.project as { _id?: string } | undefined)?._id;
  if (created.status !== 201 || !projectId) throw new Error(`project: ${created.status}`);
  const claimed = await apiCall(stack, 'POST', '/api/gateway/create', {
    token,
    body: { name: gw.name, mac: gw.mac, sn: gw.sn, id: projectId },
  });
  if (claimed.status !== 201) throw new Error(`gateway: ${claimed.status}`);
  return projectId;
}

/**
 * A simulated kloudnx on MQTT: info every second, telegrams for what it is told to monitor
 * (12 a second unless `telegramsPerSecond` says otherwise: 0 sends only what a test publishes).
 */
export function startSimulator(
  mqttPort: number,
  mac: string,
  secret: string,
  telegramsPerSecond = 12,
): GatewayAgent {
  const agent = new GatewayAgent({
    mac,
    type: 'kloudnx',
    version: '8.5.0',
    link: new MqttLink({ url: `mqtt://127.0.0.1:${mqttPort}`, mac, secret, minBackoffMs: 200 }),
    timing: { infoEveryMs: 1_000, telegramsPerSecond },
  });
  agent.start();
  return agent;
}

/** Polls `read` until `done` holds for its value, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)?.slice(0, 300)}`);
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "dd/mm/yyyy hh:mm:ss" in Paris time, as the export must write dates. */
export const parisText = (ms: number) => parisDateTime.format(ms);
