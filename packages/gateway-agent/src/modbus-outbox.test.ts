import { describe, expect, it } from 'vitest';
import { PROTOCOL_LIMITS } from '@atrium/contracts/gateway-protocol';
import { FakeLink } from './fake-link.testing';
import { ModbusOutbox } from './modbus-outbox';
import type { ModbusReading } from './modbus-poller';

/** Readings with the server's 32-character ids, each value named by its index. */
const readings = (count: number, v: number): ModbusReading[] =>
  Array.from({ length: count }, (_, i) => ({
    meter: 'm'.repeat(32),
    value: i.toString(16).padStart(32, '0'),
    v,
    t: 1_764_170_000_000 + i,
  }));

function outboxOn(link: FakeLink) {
  link.start({ onConnect: () => {}, onClose: () => {}, onCommand: () => {} });
  return new ModbusOutbox(link, { batchMs: 60_000, maxInFlight: 50, maxBuffered: 5_000 });
}

describe('the Modbus outbox', () => {
  it('sends 500 readings a publish when they fit', () => {
    const link = new FakeLink();
    const outbox = outboxOn(link);
    outbox.push(readings(1_000, 12_345));
    outbox.flush();
    expect(link.modbusMessages().map((m) => m.items.length)).toEqual([500, 500]);
  });

  it('splits a batch over 64 KiB (500 long doubles), in order, with consecutive seqs', () => {
    const link = new FakeLink();
    const outbox = outboxOn(link);
    const sent = readings(1_000, -0.0002301234588623047);
    // The case that made the hub drop the publish and close the connection.
    expect(JSON.stringify({ v: 1, seq: 0, items: sent.slice(0, 500) }).length).toBeGreaterThan(
      PROTOCOL_LIMITS.maxPayloadBytes,
    );
    outbox.push(sent);
    outbox.flush();
    const messages = link.modbusMessages();
    for (const s of link.sent) expect(Buffer.byteLength(s.body)).toBeLessThanOrEqual(65_536);
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i));
    expect(messages.flatMap((m) => m.items)).toEqual(sent);
    expect(messages.length).toBeLessThanOrEqual(4);
    expect(outbox.pending).toBe(0);
  });
});
