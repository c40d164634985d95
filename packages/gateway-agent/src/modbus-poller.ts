import type {
  GatewayModbusMeter,
  ModbusReadArgs,
  ModbusReadResult,
} from '@atrium/contracts/modbus';
import { MeterConnection, failureOf } from './modbus-connection';
import {
  decodeValue,
  planReads,
  type PolledValue,
  type RawAnswer,
  type ReadBlock,
} from './modbus-plan';
import { readModbusValue } from './modbus-read';

/** One reading as `nx/{mac}/modbus` carries it. */
export interface ModbusReading {
  meter: string;
  value: string;
  v: number;
  t: number;
}

export interface ModbusPollerOptions {
  /** How long a connect or one request may take before the meter is skipped this round. */
  timeoutMs: number;
  /** Reconnect back-off after a failure: from `min`, doubling, up to `max` (±25 % jitter). */
  backoffMs: { min: number; max: number };
  /** Numeric readings of one round of one meter (STRING values are not published). */
  onReadings(items: ModbusReading[]): void;
  random?: () => number;
  /**
   * Which meter addresses this gateway may reach (default: any). The server's in-process demo
   * gateways allow loopback only, so that a console user cannot make the server connect out.
   */
  reachable?: (ip: string) => boolean;
}

/**
 * Polls the meters of a `modbus.config` over Modbus TCP: each meter on its own timer and its
 * own connection, so a meter that refuses, drops or never answers delays no other meter.
 */
export class ModbusPoller {
  private polls: MeterPoll[] = [];
  private readonly liveReads = new Set<MeterConnection>();
  private stopped = false;

  constructor(private readonly o: ModbusPollerOptions) {}

  /** Replaces the configuration: the old meters' timers and connections are stopped first. */
  configure(meters: readonly GatewayModbusMeter[]) {
    if (this.stopped) return;
    const old = this.polls;
    const allowed = meters.filter((m) => this.o.reachable?.(m.ip) ?? true);
    this.polls = allowed.map((m) => new MeterPoll(m, this.o));
    void Promise.all(old.map((p) => p.stop()));
    this.polls.forEach((p) => p.start());
  }

  /** The live test (`modbus.read`): one read on a connection of its own. */
  read(args: ModbusReadArgs): Promise<ModbusReadResult> {
    if (this.stopped || !(this.o.reachable?.(args.ip) ?? true))
      return Promise.resolve({ error: 'unreachable', t: Date.now() });
    return readModbusValue(args, this.o.timeoutMs, this.liveReads);
  }

  /** Meters being polled. */
  get meterCount(): number {
    return this.polls.length;
  }

  /** Stops every timer and closes every connection; resolves once no round is running. */
  async stop() {
    this.stopped = true;
    const polls = this.polls;
    this.polls = [];
    this.liveReads.forEach((c) => c.close());
    await Promise.all(polls.map((p) => p.stop()));
  }
}

/**
 * A value's number in an answer, or undefined when it makes none: registers missing from a
 * short answer, or NaN and ±Infinity (FLOAT32), which have no JSON form.
 */
function numberIn(block: ReadBlock, answer: RawAnswer, v: PolledValue): number | undefined {
  try {
    const value = decodeValue(block, answer, v);
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One meter's polling: a round every `interval` seconds, skipped while the last one runs. */
class MeterPoll {
  private readonly connection: MeterConnection;
  private readonly blocks: ReadBlock[];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private failures = 0;
  private retryAt = 0;

  constructor(
    private readonly meter: GatewayModbusMeter,
    private readonly o: ModbusPollerOptions,
  ) {
    this.connection = new MeterConnection({
      host: meter.ip,
      port: meter.port,
      timeoutMs: o.timeoutMs,
    });
    // Strings are not published: not read at all when polling.
    this.blocks = planReads(meter.values.filter((v) => v.dataType !== 'STRING'));
  }

  start() {
    if (!this.blocks.length) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.meter.interval * 1000);
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.connection.close();
    await this.running;
  }

  /** A slow meter is skipped for a round rather than queueing rounds behind it. */
  private tick() {
    if (this.running || this.stopped) return;
    this.running = this.round().finally(() => (this.running = undefined));
  }

  private async round() {
    if (!this.connection.open) {
      if (Date.now() < this.retryAt) return;
      try {
        await this.connection.connect();
      } catch {
        return this.failed();
      }
    }
    const items: ModbusReading[] = [];
    for (const block of this.blocks) {
      try {
        const answer = await this.connection.read(
          block.code,
          block.unitID,
          block.start,
          block.count,
        );
        const t = Date.now();
        for (const v of block.values) {
          const value = numberIn(block, answer, v);
          if (value !== undefined) items.push({ meter: this.meter.id, value: v.id, v: value, t });
        }
      } catch (e) {
        const reason = failureOf(e);
        // An exception or an undecodable answer concerns this request only; a timeout or a
        // lost connection ends the round, and the meter is reconnected with back-off.
        if (reason === 'timeout' || reason === 'unreachable') {
          this.connection.close();
          this.failed();
          break;
        }
      }
    }
    if (this.stopped) return;
    if (this.connection.open) this.failures = 0;
    if (items.length) this.o.onReadings(items);
  }

  private failed() {
    this.failures++;
    const { min, max } = this.o.backoffMs;
    const jitter = 0.75 + (this.o.random ?? Math.random)() * 0.5;
    this.retryAt = Date.now() + Math.min(max, min * 2 ** (this.failures - 1)) * jitter;
  }
}
