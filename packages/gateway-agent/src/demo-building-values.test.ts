import { describe, expect, it } from 'vitest';
import { telegramsMessage } from '@atrium/contracts/gateway-protocol';
import { GatewayAgent } from './agent';
import {
  BUREAUX_LYON,
  DemoBuildingSource,
  demoSamples,
  demoValue,
  HEARTBEAT_MIN,
  parisClock,
  parisOffset,
  VILLA_ROSE,
  type DemoPoint,
} from './demo-building-values';
import { FakeLink } from './fake-link.testing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const point = (ga: string, building = VILLA_ROSE): DemoPoint => {
  const p = building.points.find((x) => x.ga === ga);
  if (!p) throw new Error(`no ${ga}`);
  return p;
};

/** A Paris wall-clock time (winter: UTC+1 in January, summer: UTC+2 in July). */
const paris = (iso: string, offsetHours: number) => Date.parse(`${iso}Z`) - offsetHours * HOUR;
const num = (p: DemoPoint, t: number) => {
  const v = demoValue(p, t);
  if (typeof v !== 'number') throw new Error('not a number');
  return v;
};

describe('Paris time of the demo curves', () => {
  it('follows the EU clock changes (last Sundays of March and October, 01:00 UTC)', () => {
    expect(parisOffset(Date.parse('2026-03-29T00:59:00Z'))).toBe(HOUR);
    expect(parisOffset(Date.parse('2026-03-29T01:00:00Z'))).toBe(2 * HOUR);
    expect(parisOffset(Date.parse('2026-10-25T00:59:00Z'))).toBe(2 * HOUR);
    expect(parisOffset(Date.parse('2026-10-25T01:00:00Z'))).toBe(HOUR);
    // Thursday 26 November 2026, 08:30 in Paris.
    const c = parisClock(Date.parse('2026-11-26T07:30:00Z'));
    expect(c.hour).toBeCloseTo(8.5);
    expect(c.weekday).toBe(4);
  });
});

describe('the demo buildings', () => {
  it('have 20 to 30 addresses, distinct between buildings, of monitorable types', () => {
    expect(VILLA_ROSE.points.length).toBeGreaterThanOrEqual(20);
    expect(VILLA_ROSE.points.length).toBeLessThanOrEqual(30);
    const villa = new Set(VILLA_ROSE.points.map((p) => p.ga));
    expect(villa.size).toBe(VILLA_ROSE.points.length);
    expect(BUREAUX_LYON.points.filter((p) => villa.has(p.ga))).toEqual([]);
    for (const p of [...VILLA_ROSE.points, ...BUREAUX_LYON.points]) {
      const [main, middle] = p.ga.split('/');
      const building = villa.has(p.ga) ? VILLA_ROSE : BUREAUX_LYON;
      expect(building.mains[Number(main)], p.ga).toBeDefined();
      expect(building.middles[`${main}/${middle}`], p.ga).toBeDefined();
    }
  });

  it('room temperatures: warmer in the afternoon than before dawn, within 17-24 °C', () => {
    for (const ga of ['1/1/1', '1/1/2', '1/1/3', '1/1/4']) {
      const p = point(ga);
      for (let d = 0; d < 14; d++) {
        const day = paris('2026-11-16T00:00:00', 1) + d * DAY;
        const afternoon = num(p, day + 16 * HOUR);
        const dawn = num(p, day + 4 * HOUR);
        expect(afternoon - dawn, ga).toBeGreaterThan(1.5);
        for (let h = 0; h < 24; h += 0.5) {
          const v = num(p, day + h * HOUR);
          expect(v).toBeGreaterThan(17);
          expect(v).toBeLessThan(24);
        }
      }
    }
  });

  it('no two days quite alike: the weather drifts the temperatures from day to day', () => {
    const outdoor = point('1/1/5');
    const noons = Array.from({ length: 14 }, (_, d) =>
      num(outdoor, paris('2026-11-10T12:00:00', 1) + d * DAY),
    );
    expect(new Set(noons).size).toBeGreaterThan(7);
    expect(Math.max(...noons) - Math.min(...noons)).toBeGreaterThan(1.5);
    // Still a continuous line: five minutes apart, never more than a few tenths.
    const start = paris('2026-11-10T00:00:00', 1);
    for (let t = start; t < start + 14 * DAY; t += 5 * MINUTE)
      expect(Math.abs(num(outdoor, t + 5 * MINUTE) - num(outdoor, t))).toBeLessThan(0.9);
  });

  it('CO₂ rises in occupied hours: evenings at home, working days at the office', () => {
    const home = point('1/2/1');
    const monday = paris('2026-11-23T00:00:00', 1);
    expect(num(home, monday + 20 * HOUR)).toBeGreaterThan(900);
    expect(num(home, monday + 3 * HOUR)).toBeLessThan(480);
    expect(num(home, monday + 11 * HOUR)).toBeLessThan(600);
    const office = point('5/2/1', BUREAUX_LYON);
    expect(num(office, monday + 10 * HOUR)).toBeGreaterThan(850);
    expect(num(office, monday + 22 * HOUR)).toBeLessThan(480);
    // Saturday: nobody at the office.
    expect(num(office, monday + 5 * DAY + 10 * HOUR)).toBeLessThan(480);
    for (let t = monday; t < monday + 7 * DAY; t += 7 * MINUTE) {
      for (const p of [home, office]) {
        expect(num(p, t)).toBeGreaterThanOrEqual(380);
        expect(num(p, t)).toBeLessThan(1400);
      }
    }
  });

  it('lights are on in the mornings and evenings, off at night and mid-day; summer time too', () => {
    const salon = point('0/0/1');
    for (const [offset, date] of [
      [1, '2026-11-24'],
      [2, '2026-07-14'],
    ] as const) {
      const day = paris(`${date}T00:00:00`, offset);
      expect(demoValue(salon, day + 7.5 * HOUR)).toBe(true);
      expect(demoValue(salon, day + 20 * HOUR)).toBe(true);
      expect(demoValue(salon, day + 3 * HOUR)).toBe(false);
      expect(demoValue(salon, day + 13 * HOUR)).toBe(false);
    }
  });

  it('the energy counter only rises, faster in the evening at home, about 10-30 kWh a day', () => {
    const energy = point('3/0/1');
    const start = paris('2026-03-20T00:00:00', 1);
    let previous = num(energy, start);
    // Over a spring clock change, every 5 minutes for 14 days.
    for (let t = start + 5 * MINUTE; t < start + 14 * DAY; t += 5 * MINUTE) {
      const v = num(energy, t);
      expect(v).toBeGreaterThanOrEqual(previous);
      previous = v;
    }
    const day = paris('2026-11-24T00:00:00', 1);
    const used = num(energy, day + DAY) - num(energy, day);
    expect(used).toBeGreaterThan(10_000);
    expect(used).toBeLessThan(30_000);
    const perHour = (h: number) => num(energy, day + (h + 1) * HOUR) - num(energy, day + h * HOUR);
    expect(perHour(19)).toBeGreaterThan(2 * perHour(5));
    // A meter running for a few years.
    expect(num(energy, day)).toBeGreaterThan(1_000_000);
  });

  it('pool: water at 26-28 °C, pH about 7.2, the pump filtering by day', () => {
    const day = paris('2026-11-24T00:00:00', 1);
    for (let h = 0; h < 24; h += 0.25) {
      const t = day + h * HOUR;
      expect(num(point('2/1/1'), t)).toBeGreaterThanOrEqual(26);
      expect(num(point('2/1/1'), t)).toBeLessThanOrEqual(28);
      expect(Math.abs(num(point('2/1/2'), t) - 7.2)).toBeLessThan(0.1);
    }
    expect(demoValue(point('2/2/1'), day + 12 * HOUR)).toBe(true);
    expect(demoValue(point('2/2/1'), day + 22 * HOUR)).toBe(false);
  });

  it('blinds are percentages: closed at night, open by day', () => {
    const day = paris('2026-11-24T00:00:00', 1);
    expect(demoValue(point('0/1/1'), day + 2 * HOUR)).toBe(100);
    expect(demoValue(point('0/1/1'), day + 10 * HOUR)).toBe(0);
  });
});

describe('demo samples', () => {
  it('sends measured values every period and switches on change with a heartbeat', () => {
    const from = paris('2026-11-24T00:00:00', 1);
    const temps = demoSamples(point('1/1/1'), from, from + DAY);
    expect(temps).toHaveLength(24 * 12);
    expect(temps.every((s, i) => s.t === from + (i + 1) * 5 * MINUTE)).toBe(true);
    const light = demoSamples(point('0/0/1'), from, from + DAY);
    // Heartbeats every 30 minutes, plus the four changes of the day.
    expect(light.length).toBeGreaterThan(40);
    expect(light.length).toBeLessThan(60);
    const gaps = light.slice(1).map((s, i) => s.t - (light[i]?.t ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(HEARTBEAT_MIN * MINUTE);
    const changes = light.filter((s, i) => i > 0 && s.value !== light[i - 1]?.value);
    expect(changes.length).toBe(4);
  });

  it('live values continue the history: the same samples whatever the calls', () => {
    const p = point('1/2/1');
    const from = paris('2026-11-24T06:00:00', 1);
    const once = demoSamples(p, from, from + HOUR);
    const split = [
      ...demoSamples(p, from, from + 17 * MINUTE),
      ...demoSamples(p, from + 17 * MINUTE, from + HOUR),
    ];
    expect(split).toEqual(once);
  });

  it('the source gives the due samples of monitored demo addresses only, no burst after a gap', () => {
    const source = new DemoBuildingSource();
    const monitor = [
      { ga: '1/1/1', dpt: '9.001' },
      { ga: '0/0/1', dpt: '1.001' },
      { ga: '9/9/9', dpt: '9.001' },
      { ga: '1/2/1', dpt: '1.001' }, // not the demo point's DPT
    ];
    const now = paris('2026-11-24T12:00:30', 1);
    const first = source.due(monitor, now);
    expect(first.map((s) => s.ga)).toEqual(['1/1/1', '0/0/1']);
    expect(source.due(monitor, now + 10_000)).toEqual([]);
    // 12:05: a temperature sample, and the light's heartbeat (off, last sent at 11:35).
    const later = source.due(monitor, now + 5 * MINUTE);
    expect(later.map((s) => [s.ga, s.t - now, s.value])).toEqual([
      ['1/1/1', 270_000, expect.any(Number)],
      ['0/0/1', 270_000, false],
    ]);
    expect(source.due(monitor, now + 9 * MINUTE)).toEqual([]);
    // Two hours later (the agent was stopped): the newest sample of each, not 24 old ones.
    const gap = source.due(monitor, now + 2 * HOUR);
    expect(gap.map((s) => s.ga)).toEqual(['1/1/1', '0/0/1']);
  });
});

describe('an agent with the demo building', () => {
  it('publishes the due demo values of its monitored addresses as telegrams', async () => {
    const link = new FakeLink();
    const agent = new GatewayAgent({
      mac: 'a4b1c2001001',
      type: 'kloudnx',
      version: '8.5.0',
      link,
      timing: { infoEveryMs: 60_000 },
      monitor: [
        { ga: '1/1/1', dpt: '9.001' },
        { ga: '3/0/1', dpt: '13.010' },
      ],
      demoBuilding: { source: new DemoBuildingSource(), everyMs: 60_000 },
    });
    agent.start();
    agent.publishDemoValues(paris('2026-11-24T16:00:00', 1));
    await new Promise((r) => setTimeout(r, 10));
    const items = link.sent
      .filter((s) => s.kind === 'telegrams')
      .flatMap((s) => telegramsMessage.parse(JSON.parse(s.body)).items);
    expect(items.map((i) => [i.ga, i.dpt])).toEqual([
      ['1/1/1', '9.001'],
      ['3/0/1', '13.010'],
    ]);
    expect(items[0]?.value).toBeGreaterThan(21);
    await agent.stop();
  });
});
