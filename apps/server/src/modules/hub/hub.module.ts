import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { GatewayType } from '@atrium/contracts/limits';
import type { ModbusReadArgs } from '@atrium/contracts/modbus';
import { startEnergyMeter, type EnergyMeter } from '@atrium/gateway-agent/local/energy-meter';
import { startFakeVendor, type FakeVendor } from '@atrium/gateway-agent/pool/fake-vendor';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { demoTunnelSecret } from '../../lib/demo-tunnel-secret';
import type { GatewayPatchWriter } from '../../lib/tenancy/gateway-state.repository';
import type { ProjectAccess } from '../../lib/tenancy/project-access';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { BatchingWriter } from '../timeseries/batching-writer';
import type { TimeSeriesStore } from '../timeseries/timeseries.types';
import { GatewayActions, type MonitorLists } from './commands/gateway-actions.service';
import { ModbusLive } from './commands/modbus-live';
import { GatewayTokens } from './commands/gateway-tokens.service';
import { tokenRoutes } from './commands/tokens.routes';
import { FirmwareRepository } from './firmware/firmware.repository';
import { firmwareRoutes } from './firmware/firmware.routes';
import { FirmwareService } from './firmware/firmware.service';
import { HubRepository } from './hub.repository';
import { hubRoutes } from './hub.routes';
import { Hub } from './hub.service';
import { overloadMarks } from './transport/aedes-broker';
import { ClusterArrivalOwners } from './transport/arrival-owners';
import { EmbeddedBroker } from './transport/embedded-broker';
import { ExternalBroker } from './transport/external-broker';
import type { HubTransport } from './transport/transport';

/** What the hub module is built from (see app.ts). */
export interface HubModuleDeps {
  db: Db;
  config: Pick<
    Config,
    | 'host'
    | 'mqttPort'
    | 'mqttUrl'
    | 'mqttClientId'
    | 'redisUrl'
    | 'mqttBrokerThread'
    | 'mqttPreLoginMax'
    | 'mqttLoginQueueMax'
    | 'mqttPreLoginPerAddress'
    | 'mqttProxyProtocol'
    | 'mqttLoginTimeoutMs'
    | 'mqttInflightMax'
    | 'commandTimeoutMs'
    | 'hubRuns'
    | 'dataDir'
    | 'jwtSecret'
    | 'publicUrl'
    | 'demoModbusPort'
    | 'poolVendors'
  >;
  log: FastifyBaseLogger;
  timeseries: {
    store: Pick<TimeSeriesStore, 'ensureSeries'>;
    writer: Pick<BatchingWriter, 'submitOrWait' | 'roomFigures' | 'waitingPoints'>;
    /** On SQLite, the writer thread that commits the gateway state (decision 0012). */
    gatewayPatchWriter: () => GatewayPatchWriter | undefined;
  };
  gateways: GatewaysRepository;
  access: ProjectAccess;
  /** The reference version of a gateway type (information module). */
  latestVersion: (type: GatewayType) => Promise<string>;
  /** Seeded gateways the server runs on the simulator's agent, like virtual ones. */
  demoLiveMacs: readonly string[];
}

/** How often demo gateways are (re)started from the database. */
const DEMO_SWEEP_MS = 30_000;

/** Starts the agents of demo gateways and stops those whose gateway was deleted. */
export async function sweepDemos(hub: Hub, repo: HubRepository, live: readonly string[]) {
  const rows = await repo.listRunnable(live);
  rows.forEach((gw) => hub.demos.ensure(gw));
  await hub.demos.retain(new Set(rows.map((r) => r.mac)));
}

/**
 * The demo's Modbus TCP energy meter on loopback, which the demo kloudnx polls (a real meter
 * for the Modbus screens and graphs). A port in use only costs the demo its meter.
 */
async function startDemoMeter(port: number, log: FastifyBaseLogger) {
  try {
    return await startEnergyMeter({ port, host: '127.0.0.1' });
  } catch (err) {
    log.warn({ err, port }, 'demo energy meter not started');
    return undefined;
  }
}

/**
 * The pool clouds demo pool gateways read (issue 19, decision 0031): KLEREO_URL / POOLCOP_URL
 * when set, else simulated Klereo and PoolCop clouds on loopback (the gateway agent's fake
 * vendor, with its demo accounts). Failing to start costs the demo its pools only.
 */
async function startDemoPools(d: HubModuleDeps, hub: Hub) {
  const { klereoUrl, poolcopUrl } = d.config.poolVendors;
  let vendor: FakeVendor | undefined;
  if (!klereoUrl || !poolcopUrl) {
    try {
      vendor = await startFakeVendor();
    } catch (err) {
      d.log.warn({ err }, 'simulated pool clouds not started');
    }
  }
  hub.demos.poolOptions = {
    urls: {
      ...(vendor ? { klereoUrl: vendor.klereoUrl, poolcopUrl: vendor.poolcopUrl } : {}),
      ...(klereoUrl ? { klereoUrl } : {}),
      ...(poolcopUrl ? { poolcopUrl } : {}),
    },
  };
  return vendor;
}

async function startTransport(
  d: HubModuleDeps,
  hub: Hub,
  httpServer: HttpServer,
): Promise<HubTransport | undefined> {
  const { config, log } = d;
  if (config.mqttUrl) {
    const external = new ExternalBroker({
      url: config.mqttUrl,
      clientId: config.mqttClientId,
      sink: hub,
      counters: hub.counters,
      log,
    });
    await external.start();
    return external;
  }
  if (config.mqttPort === null) return undefined;
  const embedded = new EmbeddedBroker({
    host: config.host,
    port: config.mqttPort,
    httpServer,
    sink: hub,
    counters: hub.counters,
    thread: config.mqttBrokerThread,
    preLoginMax: config.mqttPreLoginMax,
    loginQueueMax: config.mqttLoginQueueMax,
    preLoginPerAddress: config.mqttPreLoginPerAddress,
    proxyProtocol: config.mqttProxyProtocol,
    loginTimeoutMs: config.mqttLoginTimeoutMs,
    overload: overloadMarks(config.mqttInflightMax),
    log,
  });
  await embedded.start();
  log.info({ port: embedded.port }, 'MQTT broker listening (and on /mqtt over WebSocket)');
  return embedded;
}

/**
 * The gateway hub (ARCHITECTURE.md, "Gateway protocol"): broker, command routes,
 * firmware and demo gateways. Nothing runs until `start`; its events are what the
 * realtime and monitoring modules subscribe to.
 */
export function createHubModule(d: HubModuleDeps) {
  const repo = new HubRepository(d.db, d.timeseries.gatewayPatchWriter);
  const hub = new Hub({
    repo,
    timeseries: d.timeseries.store,
    writer: d.timeseries.writer,
    log: d.log,
    presenceFromState: Boolean(d.config.mqttUrl),
    commandTimeoutMs: d.config.commandTimeoutMs,
    demoTunnelSecret: (mac) => demoTunnelSecret(d.config.jwtSecret, mac),
    // Called once an update runs, after `firmware` below is built.
    demoFetch: (input, init) => firmware.inProcessFetch()(input, init),
  });
  const firmware = new FirmwareService(new FirmwareRepository(d.db), {
    dataDir: d.config.dataDir,
    secret: d.config.jwtSecret,
    publicUrl: d.config.publicUrl,
  });
  let monitorLists: MonitorLists | undefined;
  const actions = new GatewayActions({
    hub,
    gateways: d.gateways,
    repo,
    firmware,
    latestVersion: d.latestVersion,
    monitorListFor: async (mac, projectId) =>
      monitorLists ? monitorLists.monitorListFor(mac, projectId) : [],
    log: d.log,
  });
  const tokens = new GatewayTokens(hub, repo);
  const modbusLive = new ModbusLive({ hub, find: (ref) => actions.find(ref) });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(hubRoutes, { actions, tokens, access: d.access });
    await app.register(tokenRoutes, { actions, tokens });
    await app.register(firmwareRoutes, { firmware, hub });
  };
  let transport: HubTransport | undefined;
  let demoMeter: EnergyMeter | undefined;
  let demoPools: FakeVendor | undefined;
  let sweep: NodeJS.Timeout | undefined;
  const sweepNow = () => sweepDemos(hub, repo, d.demoLiveMacs);

  return {
    /** The hub itself: commands, presence, stats (tests read them too). */
    service: hub,
    events: hub.events,
    /** Uploaded firmware files (the demo seed stores one per type). */
    firmware,
    routes,
    /** `GET /api/gateway/init/{id}` sends init at once when the gateway is online. */
    initIfOnline: (ref: string) => actions.initIfOnline(ref),
    /** The Modbus live test's read (the realtime module's `modbus:live`). */
    modbusRead: (ref: string, args: ModbusReadArgs) => modbusLive.read(ref, args),
    /**
     * Where a connecting gateway's `monitor` list comes from: the monitoring module, built
     * after the hub (it sends commands through it), so app.ts sets it once, before `start`.
     */
    useMonitorLists(source: MonitorLists) {
      monitorLists = source;
    },
    /** Starts the broker (embedded or external), the demo's energy meter and the demo gateways. */
    async start(httpServer: HttpServer) {
      // With the embedded broker nobody is connected at start: what the database says is stale.
      if (d.config.mqttPort !== null && !d.config.mqttUrl) await repo.markAllOffline(Date.now());
      // Before any demo agent starts: they read their pools there.
      demoPools = await startDemoPools(d, hub);
      // Several nodes behind one broker share the gateways' arrivals (decision 0050).
      if (d.config.mqttUrl && d.config.redisUrl)
        hub.shareArrivals(
          await ClusterArrivalOwners.start({
            redisUrl: d.config.redisUrl,
            node: d.config.mqttClientId,
            log: d.log,
          }),
        );
      transport = await startTransport(d, hub, httpServer);
      hub.attach(transport);
      if (d.demoLiveMacs.length && d.config.demoModbusPort !== null)
        demoMeter = await startDemoMeter(d.config.demoModbusPort, d.log);
      await sweepNow();
      sweep = setInterval(
        () =>
          void sweepNow().catch((err: unknown) => d.log.warn({ err }, 'demo gateway sweep failed')),
        DEMO_SWEEP_MS,
      );
    },
    /** Starts the demo gateways the database has now (after a seed), without waiting for the sweep. */
    sweepDemos: () => sweepNow(),
    /** The embedded broker's TCP port (0 when there is none). */
    mqttPort: () => (transport instanceof EmbeddedBroker ? transport.port : 0),
    /** Where the demo's energy meter listens (its configured port when it could not start). */
    demoMeterPort: () => demoMeter?.port ?? d.config.demoModbusPort,
    /** The simulated pool clouds of the demo (tests drive their pools), when started. */
    demoPools: () => demoPools,
    async close() {
      clearInterval(sweep);
      await hub.close();
      await demoMeter?.close();
      await demoPools?.close();
    },
  };
}

export type HubModule = ReturnType<typeof createHubModule>;
