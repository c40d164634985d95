import {
  COMMAND_ARGS,
  PROTOCOL_VERSION,
  type CommandArgs,
  type CommandName,
  type ReplyMessage,
} from '@atrium/contracts/gateway-protocol';
import { AppError } from '../../../lib/errors';
import { newId } from '../../../lib/ids';

interface Pending {
  mac: string;
  resolve(result: Record<string, unknown>): void;
  reject(err: unknown): void;
  timer: NodeJS.Timeout;
}

/**
 * Sends a `cmd` body to one gateway (broker publish, or an in-process demo agent). `deadline`
 * (epoch ms): when the command times out; a delivery still waiting then must not send it.
 */
export type Deliver = (mac: string, payload: string, deadline: number) => Promise<void>;

/** Update progress and version events, handled by the update tracker. */
export type ProgressHandler = (mac: string, event: Exclude<ReplyMessage, { ok: boolean }>) => void;

export const gatewayTimeout = () =>
  new AppError('gatewayTimeout', 'The gateway did not answer in time');

/**
 * Commands and their replies, matched by the id in the body (MQTT 3.1.1 has
 * no correlation data): `send` resolves with the gateway's result, rejects
 * with 422 gatewayRefused (its error code in `reason`) or 504 gatewayTimeout.
 */
export class CommandBus {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly deliver: Deliver,
    private readonly onProgress: ProgressHandler,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  async send<N extends CommandName>(
    mac: string,
    name: N,
    args: CommandArgs<N>,
    timeoutMs: number,
  ): Promise<Record<string, unknown>> {
    const id = newId();
    const body = { v: PROTOCOL_VERSION, id, name, args: COMMAND_ARGS[name].parse(args) };
    const deadline = Date.now() + timeoutMs;
    const reply = new Promise<Record<string, unknown>>((resolve, reject) => {
      // A timer counts from the loop's cached time, which can be behind Date.now(): it may fire
      // a little before the deadline. The 504 waits for the deadline itself, so that a delivery
      // which checks the clock (AedesBroker) has let the command go before anyone hears of it.
      const expire = () => {
        const pending = this.pending.get(id);
        if (!pending) return;
        if (Date.now() < deadline) pending.timer = setTimeout(expire, deadline - Date.now());
        else {
          this.pending.delete(id);
          reject(gatewayTimeout());
        }
      };
      this.pending.set(id, { mac, resolve, reject, timer: setTimeout(expire, timeoutMs) });
    });
    // Not awaited: delivery may wait for the gateway's SUBSCRIBE (AedesBroker), the timeout runs.
    this.deliver(mac, JSON.stringify(body), deadline).catch((err: unknown) =>
      this.settle(id)?.reject(err),
    );
    return reply;
  }

  /** A publish on `nx/{mac}/reply`; false when it answers no command of this node. */
  handle(mac: string, message: ReplyMessage): boolean {
    if (!('ok' in message)) {
      this.onProgress(mac, message);
      return true;
    }
    const pending = this.pending.get(message.id);
    // Another gateway cannot answer for this one: the id must come back from the same MAC.
    if (!pending || pending.mac !== mac) return false;
    this.settle(message.id);
    if (message.ok) pending.resolve(message.result ?? {});
    else {
      const { code, message: text } = message.error;
      pending.reject(new AppError('gatewayRefused', text, { reason: code }));
    }
    return true;
  }

  /** Fails every command still waiting (server shutdown). */
  close() {
    for (const id of [...this.pending.keys()]) {
      this.settle(id)?.reject(new AppError('gatewayOffline', 'Server shutting down'));
    }
  }

  private settle(id: string) {
    const p = this.pending.get(id);
    if (!p) return undefined;
    clearTimeout(p.timer);
    this.pending.delete(id);
    return p;
  }
}
