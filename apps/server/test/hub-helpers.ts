import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { vi } from 'vitest';
import { PROTOCOL_VERSION, topicOf } from '@atrium/contracts/gateway-protocol';
import type { GatewayType } from '@atrium/contracts/limits';
import { GatewayAgent, type AgentTiming } from '@atrium/gateway-agent/agent';
import { LiteMqttLink } from '@atrium/gateway-agent/lite-mqtt-link';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';
import { sha256 } from '../src/lib/ids';
import type { Point } from '../src/modules/timeseries/timeseries.types';
import { createGateway, createProject } from './fixtures';
import { freePort } from './postgres-cluster';
import { createUser, modulesOf, startTestServer, type TestServer } from './test-server';

/** A gateway row with a device secret (hashed as the CSV import stores it). */
export async function gatewayWithSecret(
  app: FastifyInstance,
  fields: { team_id: string; project_id: string | null; type?: GatewayType; version?: string },
) {
  const secret = randomBytes(16).toString('base64url');
  const row = await createGateway(app, { ...fields, secret_hash: sha256(secret) });
  return { ...row, secret };
}

/**
 * An MQTT 3.1.1 client logged in as a gateway, under its client id `gw-{mac}` unless
 * told another; rejects when the broker refuses it.
 */
export function connectAs(
  url: string,
  mac: string,
  secret: string,
  clientId = `gw-${mac}`,
): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    will: { topic: `nx/${mac}/state`, payload: Buffer.from('offline'), qos: 1, retain: true },
    protocolVersion: 4,
    clientId,
    username: mac,
    password: secret,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });
}

/** A simulated gateway (the simulator's agent) on the broker at `url`. */
export function startAgent(
  url: string,
  gw: { mac: string; secret: string; type: GatewayType; version?: string | null },
  timing: Partial<AgentTiming> = {},
  client: 'mqttjs' | 'lite' = 'mqttjs',
) {
  const options = { url, mac: gw.mac, secret: gw.secret, minBackoffMs: 200, maxBackoffMs: 1_000 };
  const agent = new GatewayAgent({
    mac: gw.mac,
    type: gw.type,
    version: gw.version ?? '8.5.0',
    link: client === 'lite' ? new LiteMqttLink(options) : new MqttLink(options),
    timing: {
      infoEveryMs: 60_000,
      rebootDownMs: 500,
      updateSteps: 3,
      updateStepMs: 100,
      ...timing,
    },
  });
  agent.start();
  return agent;
}

/** Polls `check` until it returns a value other than undefined/false. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The gateway row as stored, after the hub's coalesced writes are committed. */
export async function storedGateway(app: FastifyInstance, mac: string) {
  await modulesOf(app).hub.service.flush();
  return app.db.selectFrom('gateways').selectAll().where('mac', '=', mac).executeTakeFirstOrThrow();
}

/** Publishes a `telegrams` batch (QoS 1) as a gateway; resolves on the PUBACK, that is once stored. */
export function publishTelegrams(
  client: MqttClient,
  mac: string,
  items: { ga: string; dpt: string; value: number | boolean; t: number }[],
) {
  return client.publishAsync(
    topicOf(mac, 'telegrams'),
    JSON.stringify({ v: PROTOCOL_VERSION, seq: 0, items }),
    { qos: 1 },
  );
}

/** The raw points stored for one group address of a gateway in a project, oldest first. */
export function storedPoints(
  app: FastifyInstance,
  where: { projectId: string; mac: string; address: string },
) {
  return app.db
    .selectFrom('ts_raw')
    .innerJoin('ts_series', 'ts_series.id', 'ts_raw.series')
    .select(['ts_raw.series', 'ts_raw.t', 'ts_raw.v'])
    .where('ts_series.project_id', '=', where.projectId)
    .where('ts_series.gateway_mac', '=', where.mac)
    .where('ts_series.address', '=', where.address)
    .orderBy('ts_raw.t')
    .execute();
}

/** A console socket signed in with `token`, joined to `project`. */
export async function consoleSocket(
  baseUrl: string,
  token: string,
  project: string,
  telegrams = false,
) {
  const socket: Socket = io(baseUrl, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
  });
  const joined = await new Promise<unknown>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => socket.emit('join', { project, telegrams }, resolve));
  });
  return { socket, joined };
}

/**
 * A test server listening on a free loopback port (firmware URLs and socket.io need a real
 * address), its embedded broker's URL for simulated gateways, and its base URL.
 */
export async function startListeningHub(
  env: (baseUrl: string, port: number) => Record<string, string> = () => ({}),
) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t: TestServer = await startTestServer({ PUBLIC_URL: baseUrl, ...env(baseUrl, port) });
  await t.app.listen({ host: '127.0.0.1', port });
  return { t, baseUrl, broker: `mqtt://127.0.0.1:${t.modules.hub.mqttPort()}` };
}

/**
 * startListeningHub, with a user owning one project, and a way to add gateways (with
 * their device secrets) to that project.
 */
export async function startHubWithProject(
  env: (baseUrl: string, port: number) => Record<string, string> = () => ({}),
) {
  const hub = await startListeningHub(env);
  const owner = await createUser(hub.t.app, 'user');
  const project = await createProject(hub.t.app, owner.team);
  const newGateway = (fields: { type?: GatewayType; version?: string } = {}) =>
    gatewayWithSecret(hub.t.app, { team_id: owner.team, project_id: project.id, ...fields });
  return { ...hub, owner, project, newGateway };
}

export type HubWithProject = Awaited<ReturnType<typeof startHubWithProject>>;

/**
 * Holds a store's batch commits until `release` (the writer's queue, or a broker's window,
 * fills meanwhile); `calls` counts the batches handed to it. Release in a `finally`: a held
 * writer keeps the server from closing.
 */
export function holdCommits(store: { writeBatch(points: readonly Point[]): Promise<void> }) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const writeBatch = store.writeBatch.bind(store);
  const spy = vi.spyOn(store, 'writeBatch').mockImplementation(async (points) => {
    await held;
    return writeBatch(points);
  });
  return {
    calls: () => spy.mock.calls.length,
    release,
    restore: () => {
      release();
      spy.mockRestore();
    },
  };
}
