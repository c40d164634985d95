import type { TunnelService } from '@atrium/contracts/vpn';
import { createConfigPage, type ConfigPage } from './config-page';
import type { GatewaySnapshot } from './gateway-page';
import { listenOnLoopback, type LocalService } from './http-kit';
import { KnxNetIpTcpServer, type KnxTcpServerOptions } from './knxnetip-tcp';
import { createLocalUi } from './local-ui';
import { createNodeRedStandin, type NodeRedStandin } from './node-red-standin';

/**
 * The gateway's local services, the ones remote access forwards (TUNNEL_SERVICES in
 * @atrium/contracts/vpn). On a device each has its fixed port; a simulator runs many
 * gateways on one machine, so each service listens on 127.0.0.1 on a port the system picks,
 * and the tunnel maps the service's named port to it. Loopback only: nothing but the tunnel
 * (running on the same machine) is meant to reach them.
 */

/** The services started here: every tunnel service but `custom` (a user-chosen URL). */
export type LocalServiceName = Exclude<TunnelService, 'custom'>;

export interface LocalServicesOptions {
  /** The device's state as the pages show it, read on every request. */
  snapshot: () => GatewaySnapshot;
  knx?: KnxTcpServerOptions;
}

/** The running services. */
export interface LocalServices {
  /** The loopback port of each service. */
  ports: Record<LocalServiceName, number>;
  /** The KNXnet/IP server, to wire `onGroupWrite` and `indicate` to the simulated bus. */
  knx: KnxNetIpTcpServer;
  /** The flow-editor stand-in, to `broadcast` live values to its dashboard. */
  nodeRed: NodeRedStandin;
  /** The configuration page, whose settings the form changes. */
  config: ConfigPage;
  /** Stops every service and ends every open socket, WebSocket and tunnel. */
  close(): Promise<void>;
}

/** Starts the four services on loopback; if one cannot start, the others are closed again. */
export async function startLocalServices(options: LocalServicesOptions): Promise<LocalServices> {
  const config = createConfigPage(options.snapshot);
  const nodeRed = createNodeRedStandin();
  const knx = new KnxNetIpTcpServer(options.knx);
  const services: Record<LocalServiceName, LocalService> = {
    config,
    nodered: nodeRed,
    localUi: createLocalUi(options.snapshot),
    knx,
  };
  const all = Object.values(services);
  const close = async () => {
    await Promise.all(all.map((s) => s.close()));
  };
  try {
    const listen = (s: LocalService) => listenOnLoopback(s.server);
    const [configPort, noderedPort, localUiPort, knxPort] = await Promise.all([
      listen(services.config),
      listen(services.nodered),
      listen(services.localUi),
      listen(services.knx),
    ]);
    const ports = { config: configPort, nodered: noderedPort, localUi: localUiPort, knx: knxPort };
    return { ports, knx, nodeRed, config, close };
  } catch (error) {
    await close();
    throw error;
  }
}
