import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModbusReadArgs } from '@atrium/contracts/modbus';
import { modbusReadOptions } from '../../../testing/modbus';
import { runLiveRead, type LiveSocket } from './live-read';

const MAC = 'aabbccddee01';
const READ: ModbusReadArgs = { ip: '192.168.1.20', port: 502, ...modbusReadOptions() };

/** A socket answering `join` and `modbus:live` as told, recording when each was emitted. */
function fakeSocket(answers: { join?: unknown; live?: unknown; refuse?: boolean }) {
  const sent: { event: string; payload: unknown; at: number }[] = [];
  const socket: LiveSocket & { closed: number } = {
    closed: 0,
    open: () => (answers.refuse ? Promise.reject(new Error('refused')) : Promise.resolve()),
    request: (event, payload) => {
      sent.push({ event, payload, at: Date.now() });
      return Promise.resolve(event === 'join' ? (answers.join ?? { ok: true }) : answers.live);
    },
    close: () => {
      socket.closed += 1;
    },
  };
  return { socket, sent };
}

async function run(socket: LiveSocket) {
  const outcome = runLiveRead(socket, MAC, READ, new AbortController().signal);
  await vi.advanceTimersByTimeAsync(500);
  return outcome;
}

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 10, 26, 14) }));
afterEach(() => vi.useRealTimers());

describe('runLiveRead (document 3 §4, §7)', () => {
  it('joins the room by name, reads 500 ms later with { mac, read }, then disconnects', async () => {
    const t = Date.UTC(2026, 10, 26, 14, 0, 1);
    const { socket, sent } = fakeSocket({
      live: { ok: true, mac: MAC, result: { value: 230.5, registers: [17254, 32768], t } },
    });
    expect(await run(socket)).toEqual({
      kind: 'value',
      value: 230.5,
      registers: [17254, 32768],
      t,
    });
    expect(sent.map((s) => [s.event, s.payload])).toEqual([
      ['join', 'aabbccddee01:modbus:live'],
      ['modbus:live', { mac: MAC, read: READ }],
    ]);
    expect(sent[1]!.at - sent[0]!.at).toBe(500);
    expect(socket.closed).toBeGreaterThan(0);
  });

  it("gives the read's error, the server's code, or a socket error", async () => {
    const readError = fakeSocket({
      live: { ok: true, mac: MAC, result: { error: 'illegalDataAddress', t: 5 } },
    });
    expect(await run(readError.socket)).toEqual({
      kind: 'error',
      messageKey: 'modbus.live.errors.illegalDataAddress',
      t: 5,
    });
    const offline = fakeSocket({ live: { ok: false, mac: MAC, code: 'gatewayOffline' } });
    expect(await run(offline.socket)).toEqual({ kind: 'error', messageKey: 'gatewayOffline' });
    const refusedJoin = fakeSocket({ join: { ok: false, code: 'forbidden' } });
    expect(await run(refusedJoin.socket)).toEqual({ kind: 'error', messageKey: 'forbidden' });
    expect(refusedJoin.sent).toHaveLength(1);
    const refused = fakeSocket({ refuse: true });
    expect(await run(refused.socket)).toEqual({
      kind: 'error',
      messageKey: 'modbus.live.errors.socket',
    });
    expect(refused.socket.closed).toBeGreaterThan(0);
  });

  it('sends nothing once stopped during the 500 ms', async () => {
    const { socket, sent } = fakeSocket({ live: { ok: false, mac: MAC, code: 'error' } });
    const controller = new AbortController();
    const outcome = runLiveRead(socket, MAC, READ, controller.signal);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
    expect(sent.map((s) => s.event)).toEqual(['join']);
    expect(socket.closed).toBeGreaterThan(0);
  });
});
