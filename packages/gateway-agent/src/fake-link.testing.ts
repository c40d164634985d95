import { modbusMessage, replyMessage, type GatewayTopic } from '@atrium/contracts/gateway-protocol';
import type { AgentLink, LinkHandlers } from './link';

/** A link that records publishes, lets the test send commands and go offline or online. */
export class FakeLink implements AgentLink {
  connected = false;
  sent: { kind: GatewayTopic; body: string; at: number }[] = [];
  bounces: number[] = [];
  handlers: LinkHandlers | undefined;

  constructor(private readonly online = true) {}

  start(h: LinkHandlers) {
    this.handlers = h;
    if (this.online) this.reconnect();
  }
  async publish(kind: GatewayTopic, body: string) {
    this.sent.push({ kind, body, at: Date.now() });
  }
  bounce(ms: number) {
    this.bounces.push(ms);
  }
  async close() {
    this.connected = false;
  }
  /** The link comes (back) up. */
  reconnect() {
    this.connected = true;
    this.handlers?.onConnect();
  }
  command(id: string, name: string, args: object = {}) {
    this.handlers?.onCommand(Buffer.from(JSON.stringify({ v: 1, id, name, args })));
  }
  replies() {
    return this.sent
      .filter((s) => s.kind === 'reply')
      .map((s) => replyMessage.parse(JSON.parse(s.body)));
  }
  /** The `modbus` publishes, each checked against the protocol's schema. */
  modbusMessages() {
    return this.sent
      .filter((s) => s.kind === 'modbus')
      .map((s) => ({ ...modbusMessage.parse(JSON.parse(s.body)), at: s.at }));
  }
  /** Every published reading, in order. */
  readings() {
    return this.modbusMessages().flatMap((m) => m.items);
  }
}

/** Waits until `check` holds (or about `ms` passed). */
export const until = async (check: () => boolean, ms = 5_000) => {
  for (let waited = 0; waited < ms && !check(); waited += 10) {
    await new Promise((r) => setTimeout(r, 10));
  }
};
