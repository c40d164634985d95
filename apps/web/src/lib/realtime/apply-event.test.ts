import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { GatewayDetails, GatewayItem } from '@atrium/contracts/gateway';
import { QUERY_KEYS } from '../api/query-keys';
import { applyGatewayEvent, reapplyEvents, watchedProjects } from './apply-event';

const gateway = { mac: 'aabbccddeeff', online: true, step: null, version: '8.4.0' };

describe('applyGatewayEvent', () => {
  it('patches the project table, the gateway and its info, not other projects', () => {
    const client = new QueryClient();
    client.setQueryData(QUERY_KEYS.projectGateways('p1'), [gateway]);
    client.setQueryData(QUERY_KEYS.projectGateways('p2'), [gateway]);
    client.setQueryData(QUERY_KEYS.gateway('aabbccddeeff'), gateway);
    client.setQueryData(QUERY_KEYS.gatewayDetails('aabbccddeeff'), {
      mac: 'aabbccddeeff',
      online: true,
      lastOnline: 1,
      lastConnection: null,
    });
    applyGatewayEvent(client, {
      kind: 'state',
      event: {
        project: 'p1',
        mac: 'aabbccddeeff',
        online: false,
        lastOnline: null,
        lastConnection: 5,
      },
    });
    const list = client.getQueryData<GatewayItem[]>(QUERY_KEYS.projectGateways('p1'));
    expect(list?.[0]?.online).toBe(false);
    const untouched = client.getQueryData<GatewayItem[]>(QUERY_KEYS.projectGateways('p2'));
    expect(untouched?.[0]?.online).toBe(true);
    expect(client.getQueryData<GatewayItem>(QUERY_KEYS.gateway('aabbccddeeff'))?.online).toBe(
      false,
    );
    expect(
      client.getQueryData<GatewayDetails>(QUERY_KEYS.gatewayDetails('aabbccddeeff')),
    ).toMatchObject({
      online: false,
      lastOnline: 1,
      lastConnection: 5,
    });
  });
});

describe('reapplyEvents', () => {
  it('puts the latest events back on top of a poll that answered with older data', () => {
    const client = new QueryClient();
    const key = QUERY_KEYS.gateway('aabbccddeeff');
    client.setQueryData(key, { ...gateway, step: '4/4' });
    const update = (step: string | -1 | null) => ({
      kind: 'update' as const,
      event: { project: 'p1', mac: 'aabbccddeeff', step, version: '8.4.0' },
    });
    reapplyEvents(client, { queryKey: key }, [update('4/4'), update(-1)]);
    expect(client.getQueryData<GatewayItem>(key)?.step).toBe(-1);
  });

  it('leaves other queries alone', () => {
    const client = new QueryClient();
    client.setQueryData(QUERY_KEYS.projects, [{ mac: 'aabbccddeeff', online: true }]);
    const event = {
      kind: 'state' as const,
      event: {
        project: 'p1',
        mac: 'aabbccddeeff',
        online: false,
        lastOnline: null,
        lastConnection: 1,
      },
    };
    reapplyEvents(client, { queryKey: QUERY_KEYS.projects }, [event]);
    expect(client.getQueryData(QUERY_KEYS.projects)).toEqual([
      { mac: 'aabbccddeeff', online: true },
    ]);
  });
});

describe('watchedProjects', () => {
  const query = (queryKey: unknown[], observers: number) => ({
    queryKey,
    getObserversCount: () => observers,
  });

  it('lists projects whose gateways or project are observed', () => {
    const projects = watchedProjects([
      query([...QUERY_KEYS.projectGateways('p1')], 1),
      query([...QUERY_KEYS.project('p2')], 2),
      query([...QUERY_KEYS.projectGateways('p3')], 0),
      query([...QUERY_KEYS.projects], 1),
      query([...QUERY_KEYS.gateway('aabbccddeeff')], 1),
    ]);
    expect([...projects].sort()).toEqual(['p1', 'p2']);
  });
});
