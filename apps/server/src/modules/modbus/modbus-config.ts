import type { FastifyBaseLogger } from 'fastify';
import type { GatewayModbusMeter } from '@atrium/contracts/modbus';
import type { GatewaysRepository, GatewayView } from '../gateways/gateways.repository';
import type { Hub } from '../hub/hub.service';
import { readSpecOf, type MeterRow, type ValueRow } from './modbus-rows';
import type { ModbusRepository } from './modbus.repository';

/** The hub's side of sending: presence and the command bus. */
export type ModbusCommands = Pick<Hub, 'reachable' | 'command'>;

export interface ConfigSenderDeps {
  repo: ModbusRepository;
  gateways: Pick<GatewaysRepository, 'find'>;
  /** Absent without a hub: every change then waits for the gateway's next connect. */
  commands?: ModbusCommands;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Names one request: epoch-ms × 1000 and a random tiebreak, so that two saves in the same
 * millisecond (on two nodes) do not unmark each other.
 */
const requestStamp = () => Date.now() * 1000 + Math.floor(Math.random() * 1000);

/** The `modbus.config` body: the enabled meters of the gateway, with their values. */
export function configOf(meters: MeterRow[], values: ValueRow[]): GatewayModbusMeter[] {
  return meters
    .filter((m) => m.enabled === 1)
    .map((m) => ({
      id: m.id,
      ip: m.ip,
      port: m.port,
      interval: m.interval,
      values: values
        .filter((v) => v.meter_id === m.id)
        .map((v) => ({ id: v.id, ...readSpecOf(v) })),
    }));
}

/**
 * Tells gateways their Modbus configuration (`modbus.config`, the whole of it each time):
 * each change marks the gateway pending first, and only the gateway's acknowledgement of that
 * very request unmarks it. A pending gateway is sent its configuration when it next says
 * online (decision 0019). Refusals and timeouts are logged, never thrown: the save stands.
 */
export class ConfigSender {
  constructor(private readonly d: ConfigSenderDeps) {}

  /** Marks and sends to each gateway; true when every one of them acknowledged. */
  async push(macs: Iterable<string>): Promise<boolean> {
    const results = await Promise.all([...new Set(macs)].map((mac) => this.pushOne(mac)));
    return results.every(Boolean);
  }

  /** A gateway said online: send the configuration it missed (one node takes the mark). */
  async onArrival(gw: { id: string; mac: string; waiting?: { modbus: boolean } }) {
    // The hub's arrival read says whether a configuration waits: none, no query.
    if (gw.waiting?.modbus === false) return;
    try {
      if (!(await this.d.repo.takePending(gw.id))) return;
      const view = await this.d.gateways.find({ mac: gw.mac });
      if (view && !(await this.send(view))) await this.d.repo.markPending(gw.id, requestStamp());
    } catch (err) {
      this.d.log.warn({ err, mac: gw.mac }, 'modbus configuration not sent on arrival');
    }
  }

  private async pushOne(mac: string): Promise<boolean> {
    const gw = await this.d.gateways.find({ mac });
    if (!gw) return true;
    const at = requestStamp();
    await this.d.repo.markPending(gw.id, at);
    if (!this.d.commands?.reachable(gw)) return false;
    if (!(await this.send(gw))) return false;
    await this.d.repo.clearPending(gw.id, at);
    return true;
  }

  /** Sends the gateway its current configuration; false when it did not acknowledge it. */
  private async send(gw: GatewayView): Promise<boolean> {
    if (!this.d.commands) return false;
    try {
      const [meters, values] = gw.project_id
        ? await Promise.all([
            this.d.repo.meters(gw.project_id, gw.mac),
            this.d.repo.values(gw.project_id, gw.mac),
          ])
        : [[], []];
      await this.d.commands.command(gw, 'modbus.config', { meters: configOf(meters, values) });
      return true;
    } catch (err) {
      this.d.log.warn({ err, mac: gw.mac }, 'modbus configuration not acknowledged');
      return false;
    }
  }
}
