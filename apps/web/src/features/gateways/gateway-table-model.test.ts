import { describe, expect, it } from 'vitest';
import { filterGateways, NO_GATEWAY_FILTERS, onlineCount } from './gateway-filters';
import { DEFAULT_SORT, nextSort, parseSort, sortGateways } from './gateway-sort';

const rows = [
  {
    name: 'Salon',
    mac: '001122334455',
    sn: 'ABCD1234',
    type: 'kloudnx',
    online: true,
    version: '8.4',
  },
  {
    name: 'piscine',
    mac: 'a0b1c2d3e4f5',
    sn: 'POOL0001',
    type: 'poolnx',
    online: false,
    version: null,
  },
  {
    name: 'Garage 10',
    mac: '0a0b0c0d0e0f',
    sn: 'LOCK0002',
    type: 'klocknx',
    online: true,
    version: '1.4',
  },
  {
    name: 'Garage 9',
    mac: '0a0b0c0d0e10',
    sn: 'LOCK0003',
    type: 'klocknx',
    online: false,
    version: '1.3',
  },
] as const;
const names = (list: readonly { name: string }[]) => list.map((r) => r.name);

describe('filterGateways', () => {
  it('searches name, MAC in any form and serial number', () => {
    const search = (s: string) => names(filterGateways(rows, { ...NO_GATEWAY_FILTERS, search: s }));
    expect(search('salon')).toEqual(['Salon']);
    expect(search('A0:B1:C2')).toEqual(['piscine']);
    expect(search('a0b1c2')).toEqual(['piscine']);
    expect(search('lock0003')).toEqual(['Garage 9']);
    expect(search('  ')).toHaveLength(4);
  });

  it('combines the type and status filters', () => {
    const f = { search: '', types: ['klocknx' as const], statuses: ['online' as const] };
    expect(names(filterGateways(rows, f))).toEqual(['Garage 10']);
    expect(names(filterGateways(rows, { ...f, statuses: [] }))).toEqual(['Garage 10', 'Garage 9']);
  });

  it('counts online gateways over the total', () => {
    expect(onlineCount(rows)).toBe('2/4');
    expect(onlineCount([])).toBe('0/0');
  });
});

describe('gateway sort', () => {
  it('defaults to name and ignores unreadable saved values', () => {
    expect(parseSort(null)).toEqual(DEFAULT_SORT);
    expect(parseSort('{oops')).toEqual(DEFAULT_SORT);
    expect(parseSort('{"property":"colour","direction":"asc"}')).toEqual(DEFAULT_SORT);
    expect(parseSort('{"property":"mac","direction":"desc"}')).toEqual({
      property: 'mac',
      direction: 'desc',
    });
  });

  it('flips the direction on the same column and starts ascending on another', () => {
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ property: 'name', direction: 'desc' });
    expect(nextSort({ property: 'name', direction: 'desc' }, 'sn')).toEqual({
      property: 'sn',
      direction: 'asc',
    });
  });

  it('sorts naturally and case-insensitively, ties by name', () => {
    expect(names(sortGateways(rows, DEFAULT_SORT))).toEqual([
      'Garage 9',
      'Garage 10',
      'piscine',
      'Salon',
    ]);
    expect(names(sortGateways(rows, { property: 'online', direction: 'asc' }))).toEqual([
      'Garage 10',
      'Salon',
      'Garage 9',
      'piscine',
    ]);
    expect(names(sortGateways(rows, { property: 'type', direction: 'desc' }))[0]).toBe('piscine');
  });
});
