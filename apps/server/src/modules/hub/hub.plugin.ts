import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { DEMO_LIVE_MACS } from '../../seed/demo-projects';
import { startRealtime } from '../realtime/realtime';
import { SqliteTimeSeriesStore } from '../timeseries/sqlite-timeseries.store';
import { EmbeddedBroker } from './embedded-broker';
import { ExternalBroker } from './external-broker';
import { firmwareRoutes } from './firmware.routes';
import { FirmwareRepository } from './firmware.repository';
import { FirmwareService } from './firmware.service';
import { GatewayActions } from './gateway-actions.service';
import { GatewayTokens } from './gateway-tokens.service';
import { Hub } from './hub.service';
import { HubRepository } from './hub.repository';
import { hubRoutes } from './hub.routes';
import { tokenRoutes } from './tokens.routes';
import type { HubTransport } from './transport';

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
    /** The embedded broker's TCP port (0 when there is none). */
    mqttPort: number;
  }
}

/** How often demo gateways are (re)started from the database. */
const DEMO_SWEEP_MS = 30_000;

async function startTransport(
  app: FastifyInstance,
  config: Config,
  hub: Hub,
): Promise<HubTransport | undefined> {
  if (config.mqttUrl) {
    const external = new ExternalBroker({
      url: config.mqttUrl,
      clientId: config.mqttClientId,
      sink: hub,
      counters: hub.counters,
      log: app.log,
    });
    await external.start();
    return external;
  }
  if (config.mqttPort === null) return undefined;
  const embedded = new EmbeddedBroker({
    host: config.host,
    port: config.mqttPort,
    httpServer: app.server,
    sink: hub,
    counters: hub.counters,
    thread: config.mqttBrokerThread,
    log: app.log,
  });
  await embedded.start();
  app.log.info({ port: embedded.port }, 'MQTT broker listening (and on /mqtt over WebSocket)');
  return embedded;
}

/** Starts the agents of demo gateways and stops those whose gateway was deleted. */
export async function sweepDemos(hub: Hub, repo: HubRepository, live: readonly string[]) {
  const rows = await repo.listRunnable(live);
  rows.forEach((gw) => hub.demos.ensure(gw));
  await hub.demos.retain(new Set(rows.map((r) => r.mac)));
}

/**
 * The gateway hub (ARCHITECTURE.md, "Gateway protocol"): broker, command
 * routes, firmware, demo gateways, and socket.io for the console.
 */
export async function registerHub(app: FastifyInstance, config: Config) {
  const s = app.services;
  const { timeseries } = s;
  const repo = new HubRepository(
    app.db,
    timeseries instanceof SqliteTimeSeriesStore ? () => timeseries.sharedWriter() : undefined,
  );
  const hub = new Hub({
    repo,
    timeseries: s.timeseries,
    writer: s.timeseriesWriter,
    log: app.log,
    presenceFromState: Boolean(config.mqttUrl),
    commandTimeoutMs: config.commandTimeoutMs,
  });
  app.decorate('hub', hub);
  const firmware = new FirmwareService(new FirmwareRepository(app.db), {
    dataDir: config.dataDir,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
  });
  const actions = new GatewayActions({
    hub,
    gateways: s.gatewaysRepo,
    repo,
    firmware,
    latestVersion: (type) => s.information.latestVersion(type),
    monitorListFor: (mac) => s.monitoring.monitorListFor(mac),
    log: app.log,
  });
  const tokens = new GatewayTokens(hub, repo);
  // The supply voltage of every info goes to the monitoring module (which honours the logger pause).
  hub.events.on('info', (e) => {
    if (e.volt !== null)
      void s.monitoring.recordVoltage(e.project, e.mac, Date.now(), e.volt).catch(() => {});
  });
  await app.register(hubRoutes, { actions, tokens, access: s.projectAccess });
  await app.register(tokenRoutes, { actions, tokens });
  await app.register(firmwareRoutes, { firmware, hub });

  if (!config.hubRuns) {
    app.addHook('preClose', () => hub.close());
    return { actions };
  }
  // With the embedded broker nobody is connected at start: what the database says is stale.
  if (config.mqttPort !== null && !config.mqttUrl) await repo.markAllOffline(Date.now());
  const transport = await startTransport(app, config, hub);
  hub.attach(transport);
  app.decorate('mqttPort', transport instanceof EmbeddedBroker ? transport.port : 0);
  const realtime = await startRealtime({
    httpServer: app.server,
    tokens: s.tokens,
    users: s.usersRepo,
    access: s.projectAccess,
    events: hub.events,
    redisUrl: config.redisUrl,
    everyNodeHearsPresence: Boolean(config.mqttUrl),
    log: app.log,
  });
  // Outside production, the seeded demo's live gateways run on the simulator's agent too.
  const live = config.seedDemo ? DEMO_LIVE_MACS : [];
  await sweepDemos(hub, repo, live);
  const sweep = setInterval(() => void sweepDemos(hub, repo, live).catch(() => {}), DEMO_SWEEP_MS);
  // Before the HTTP server closes: open sockets and MQTT connections would keep it waiting.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    await realtime.close();
    await hub.close();
  });
  return { actions };
}
