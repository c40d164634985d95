import { encode } from '@atrium/knx/dpt-codec';
import type { GatewaySnapshot } from './local/gateway-page';
import { startLocalServices, type LocalServices } from './local/local-services';
import type { ServiceTargets } from './tunnel-client';

/** What the local services need from the agent: its state, and its bus for ETS's writes. */
export interface LocalHost {
  snapshot(): GatewaySnapshot;
  busWrite(ga: string, data: Uint8Array): void;
}

/** DPT main types whose value travels in the APDU's 6 low bits (no data bytes). */
const SHORT_MAIN_TYPES = new Set([1, 2, 3]);

/**
 * The agent's local services, started on the first remote access session and kept until
 * the agent stops: ETS's group writes go onto the simulated bus (and are recorded when the
 * address is monitored), and the bus's own values reach ETS as indications.
 */
export class AgentLocalServices {
  private started: Promise<LocalServices> | undefined;

  constructor(private readonly host: LocalHost) {}

  private services() {
    this.started ??= startLocalServices({
      snapshot: () => this.host.snapshot(),
      knx: {
        onGroupWrite: (ga, data, short) =>
          this.host.busWrite(ga, short ? Uint8Array.of(data[0] ?? 0) : data),
      },
    });
    return this.started;
  }

  /** Where the tunnel forwards each service. */
  async targets(): Promise<ServiceTargets> {
    const { ports } = await this.services();
    const at = (port: number) => ({ host: '127.0.0.1', port });
    return {
      config: at(ports.config),
      nodered: at(ports.nodered),
      localUi: at(ports.localUi),
      knx: at(ports.knx),
    };
  }

  /** A value on the simulated bus: ETS clients get it, and the flow editor's dashboard. */
  onBusValue(ga: string, dpt: string, value: number | boolean) {
    const started = this.started;
    if (!started) return;
    void started.then((s) => {
      try {
        const main = Number(dpt.split('.')[0]);
        // DPT 1 takes a boolean (a 0/1 number as recorded is turned back); others a number.
        const typed = main === 1 ? value === true || value === 1 : Number(value);
        const bytes = encode(dpt, typed);
        const short = SHORT_MAIN_TYPES.has(main);
        s.knx.indicate(ga, short ? (bytes[0] ?? 0) : Buffer.from(bytes));
        s.nodeRed.broadcast({ topic: 'value', ga, dpt, value });
      } catch {
        // A value its DPT cannot encode is not sent (the recording has it).
      }
    });
  }

  async close() {
    const started = this.started;
    this.started = undefined;
    if (started) await (await started).close();
  }
}
