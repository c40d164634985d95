import { createHash } from 'node:crypto';
import { importGatewaysReply } from '@atrium/contracts/gateway';
import type { GatewayType } from '@atrium/contracts/limits';
import { GatewayAgent, type AgentTiming } from '@atrium/gateway-agent/agent';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';

/** Where the tests reach the server: its base URL (a Stack fits). */
interface Server {
  baseUrl: string;
}

export interface WaitingGateway {
  mac: string;
  sn: string;
  type: GatewayType;
  version: string;
}

async function call(server: Server, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Imports waiting gateways through the admin CSV route, as the admin dialog does;
 * returns each gateway's device secret (its MQTT password).
 */
export async function importGateways(server: Server, adminToken: string, rows: WaitingGateway[]) {
  const csv = [
    'mac,sn,type,version',
    ...rows.map((r) => `${r.mac},${r.sn},${r.type},${r.version}`),
  ];
  const form = new FormData();
  form.append('file', new Blob([`${csv.join('\n')}\n`], { type: 'text/csv' }), 'gateways.csv');
  const reply = importGatewaysReply.parse(
    await call(server, adminToken, '/api/gateway/add', { method: 'POST', body: form }),
  );
  return new Map(reply.gateways.map((g) => [g.mac, g.secret]));
}

/** Claims a waiting gateway for the caller's account and links it to a project. */
export async function claimGateway(
  server: Server,
  token: string,
  body: { name: string; mac: string; sn: string; project: string },
) {
  await call(server, token, '/api/gateway/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: body.name, mac: body.mac, sn: body.sn, id: body.project }),
  });
}

/** Uploads a firmware image as the administrator; returns its SHA-256. */
export async function uploadFirmware(
  server: Server,
  adminToken: string,
  firmware: { type: GatewayType; version: string; bytes: Uint8Array<ArrayBuffer> },
) {
  const form = new FormData();
  form.append('file', new Blob([firmware.bytes]), `${firmware.type}-${firmware.version}.bin`);
  const query = `type=${firmware.type}&version=${encodeURIComponent(firmware.version)}`;
  await call(server, adminToken, `/api/information/update?${query}`, {
    method: 'POST',
    body: form,
  });
  return createHash('sha256').update(firmware.bytes).digest('hex');
}

/** A fetch that flips the downloaded bytes: the gateway then sees a checksum mismatch. */
export const corruptingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const bytes = new Uint8Array(await res.arrayBuffer());
  bytes[0] = (bytes[0] ?? 0) ^ 0xff;
  return new Response(bytes, { status: res.status, headers: res.headers });
};

/**
 * A simulated gateway (apps/gateway-sim) connected to the stack's embedded broker,
 * with a pace slow enough for a person, or a browser test, to watch each step.
 */
export function startGateway(o: {
  mqttUrl: string;
  mac: string;
  secret: string;
  type: GatewayType;
  version: string;
  timing?: Partial<AgentTiming>;
  fetcher?: typeof fetch;
}): GatewayAgent {
  const agent = new GatewayAgent({
    mac: o.mac,
    type: o.type,
    version: o.version,
    link: new MqttLink({
      url: o.mqttUrl,
      mac: o.mac,
      secret: o.secret,
      minBackoffMs: 300,
      maxBackoffMs: 1_000,
    }),
    timing: {
      infoEveryMs: 2_000,
      rebootDownMs: 3_000,
      updateSteps: 4,
      updateStepMs: 900,
      ...o.timing,
    },
    fetcher: o.fetcher,
  });
  agent.start();
  return agent;
}
