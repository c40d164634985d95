import { describe, expect, it } from 'vitest';
import {
  replyMessage,
  telegramsMessage,
  type GatewayTopic,
} from '@atrium/contracts/gateway-protocol';
import { GatewayAgent } from './agent';
import type { AgentLink, LinkHandlers } from './link';

/** A link that records publishes and lets the test send commands. */
class FakeLink implements AgentLink {
  connected = false;
  sent: { kind: GatewayTopic; body: string }[] = [];
  bounces: number[] = [];
  handlers: LinkHandlers | undefined;
  start(h: LinkHandlers) {
    this.handlers = h;
    this.connected = true;
    h.onConnect();
  }
  async publish(kind: GatewayTopic, body: string) {
    this.sent.push({ kind, body });
  }
  bounce(ms: number) {
    this.bounces.push(ms);
  }
  async close() {
    this.connected = false;
  }
  command(id: string, name: string, args: object = {}) {
    this.handlers?.onCommand(Buffer.from(JSON.stringify({ v: 1, id, name, args })));
  }
  replies() {
    return this.sent
      .filter((s) => s.kind === 'reply')
      .map((s) => replyMessage.parse(JSON.parse(s.body)));
  }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

function agentWith(link: FakeLink, type: 'kloudnx' | 'poolnx' = 'kloudnx') {
  const agent = new GatewayAgent({
    mac: 'aabbccddeeff',
    type,
    version: '8.4.0',
    link,
    timing: { infoEveryMs: 60_000, updateSteps: 2, updateStepMs: 1, rebootDownMs: 5 },
    random: () => 0.5,
    fetcher: async () => new Response(Buffer.from('image')),
  });
  agent.start();
  return agent;
}

describe('the simulated gateway', () => {
  it('says online (retained) and sends realistic info on connect', () => {
    const link = new FakeLink();
    const agent = agentWith(link);
    expect(link.sent[0]).toEqual({ kind: 'state', body: 'online' });
    const info = agent.info();
    expect(info.volt).toBeGreaterThan(28);
    expect(info.volt).toBeLessThan(30);
    expect(info.ip).toMatch(/^192\.168\.\d+\.\d+$/);
    void agent.stop();
  });

  it('answers unknown commands and bad arguments with error replies', async () => {
    const link = new FakeLink();
    const agent = agentWith(link);
    link.command('1', 'selfDestruct');
    link.command('2', 'pool.type', { type: 'jacuzzi' });
    await until(() => link.replies().length === 2);
    expect(link.replies()).toMatchObject([
      { id: '1', ok: false, error: { code: 'unknownCommand' } },
      { id: '2', ok: false, error: { code: 'badArgs' } },
    ]);
    await agent.stop();
  });

  it('updates: checks the SHA-256, reports n/m then -1, reboots and announces the version', async () => {
    const link = new FakeLink();
    const agent = agentWith(link);
    const sha = 'a'.repeat(64);
    link.command('bad', 'update', {
      version: '8.5.0',
      branch: 'MAIN',
      url: 'http://127.0.0.1/x',
      sha256: sha,
    });
    await until(() => link.replies().length === 1);
    expect(link.replies()[0]).toMatchObject({
      id: 'bad',
      ok: false,
      error: { code: 'firmwareChecksumMismatch' },
    });
    const good = '6105d6cc76af400325e94d588ce511be5bfdbb73b437dc51eca43917d7a43e3d'; // sha256("image")
    link.command('u', 'update', {
      version: '8.5.0',
      branch: 'MAIN',
      url: 'http://127.0.0.1/x',
      sha256: good,
    });
    await until(() => link.bounces.length === 1);
    expect(link.replies().slice(1)).toEqual([
      { v: 1, id: 'u', ok: true, result: { accepted: true } },
      { v: 1, id: 'u', progress: '1/2' },
      { v: 1, id: 'u', progress: '2/2' },
      { v: 1, id: 'u', progress: -1 },
    ]);
    link.handlers?.onConnect(); // back from the reboot
    expect(link.replies().at(-1)).toEqual({ v: 1, id: 'u', version: '8.5.0' });
    expect(agent.info().version).toBe('8.5.0');
    await agent.stop();
  });

  it('toggles protection, refuses commands while protected, and records monitored telegrams', async () => {
    const link = new FakeLink();
    const agent = agentWith(link);
    link.command('p', 'protect', { on: true });
    link.command('r', 'reboot');
    link.command('m', 'monitor', { addresses: [{ ga: '1/2/3', dpt: '9.001' }] });
    await until(() => link.replies().length === 3);
    expect(link.replies().map((r) => ('ok' in r ? r.ok : null))).toEqual([true, false, true]);
    expect(agent.info().protect).toBe(true);
    await agent.publishTelegram(1_700_000_000_000);
    const sent = link.sent.find((s) => s.kind === 'telegrams');
    expect(telegramsMessage.parse(JSON.parse(sent?.body ?? '{}')).items[0]).toMatchObject({
      ga: '1/2/3',
      dpt: '9.001',
    });
    await agent.stop();
  });
});

describe('a gateway the cloud acknowledges slowly (decision 0039)', () => {
  it('keeps new values while its publishes are all unacknowledged, then sends them in one batch', async () => {
    const acks: (() => void)[] = [];
    class SlowLink extends FakeLink {
      override async publish(kind: GatewayTopic, body: string) {
        this.sent.push({ kind, body });
        if (kind === 'telegrams') await new Promise<void>((r) => acks.push(r));
      }
    }
    const link = new SlowLink();
    const agent = new GatewayAgent({
      mac: 'aabbccddeeff',
      type: 'kloudnx',
      version: '8.4.0',
      link,
      timing: { infoEveryMs: 60_000, maxInFlight: 2 },
      monitor: [{ ga: '1/1/1', dpt: '9.001' }],
      random: () => 0.5,
    });
    agent.start();
    const batches = () =>
      link.sent
        .filter((s) => s.kind === 'telegrams')
        .map((s) => telegramsMessage.parse(JSON.parse(s.body)).items.length);
    for (let i = 0; i < 5; i++) void agent.publishTelegram(1_700_000_000_000 + i);
    expect(batches()).toEqual([1, 1]); // two in flight; three values wait on the device
    expect(agent.made).toBe(5);
    acks.shift()?.();
    await until(() => batches().length === 3);
    expect(batches()).toEqual([1, 1, 3]); // sent together once there is room
    acks.forEach((ack) => ack());
    expect(agent.overflowed).toBe(0);
    await agent.stop();
  });
});
