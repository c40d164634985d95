import { describe, expect, it } from 'vitest';
import type { GatewayDetails, GatewayItem } from '@atrium/contracts/gateway';
import { gatewayItem } from '../../testing/factories';
import { patchDetails, patchItem, patchItems } from './cache-patches';

// The shared test gateway, as this file's cases expect it: version 8.4.0, no remote connection.
const item = (over: Partial<GatewayItem> = {}): GatewayItem =>
  gatewayItem({
    projectName: 'Villa',
    sn: 'ATRM0001',
    version: '8.4.0',
    connection: false,
    ...over,
  });

const details: GatewayDetails = {
  _id: 'g1',
  mac: 'aabbccddeeff',
  virtual: 0,
  online: true,
  protect: false,
  vpn: { online: false, lastConnection: null },
  lastOnline: 1_000,
  lastConnection: 500,
  volt: 29,
  busload: 10,
  ip: '192.168.1.2',
};

const base = { project: 'p1', mac: 'aabbccddeeff' };

describe('live gateway events on cached data', () => {
  it('sets online and keeps the timestamp the state event does not carry', () => {
    const offline = { ...base, online: false, lastOnline: null, lastConnection: 9_000 };
    expect(patchItem(item(), { kind: 'state', event: offline }).online).toBe(false);
    expect(patchDetails(details, { kind: 'state', event: offline })).toMatchObject({
      online: false,
      lastOnline: 1_000,
      lastConnection: 9_000,
    });
  });

  it('takes the info values, and the version when one is reported', () => {
    const info = {
      ...base,
      version: '8.5.0',
      ip: '10.0.0.7',
      volt: 28.7,
      busload: 33,
      protect: true,
      vpn: { online: true, lastConnection: 7 },
    };
    expect(patchItem(item(), { kind: 'info', event: info })).toMatchObject({
      version: '8.5.0',
      protect: true,
    });
    expect(patchDetails(details, { kind: 'info', event: info })).toMatchObject({
      ip: '10.0.0.7',
      volt: 28.7,
      busload: 33,
      protect: true,
      vpn: { online: true, lastConnection: 7 },
    });
    const noVersion = { kind: 'info' as const, event: { ...info, version: null } };
    expect(patchItem(item(), noVersion).version).toBe('8.4.0');
  });

  it('follows an update: steps, booting, then the new version with the step cleared', () => {
    const at = (step: string | -1 | null, version: string | null) =>
      patchItem(item({ waitingUpdate: true }), {
        kind: 'update',
        event: { ...base, step, version },
      });
    expect(at('2/5', '8.4.0').step).toBe('2/5');
    expect(at(-1, '8.4.0').step).toBe(-1);
    expect(at(null, '8.5.0')).toMatchObject({ step: null, version: '8.5.0', waitingUpdate: false });
  });

  it('leaves other gateways and their lists untouched', () => {
    const other = item({ mac: '001122334455' });
    const list = [other];
    const event = {
      kind: 'state' as const,
      event: { ...base, online: false, lastOnline: null, lastConnection: 1 },
    };
    expect(patchItem(other, event)).toBe(other);
    expect(patchItems(list, event)).toBe(list);
    expect(patchItems([other, item()], event).map((g) => g.online)).toEqual([true, false]);
  });
});
