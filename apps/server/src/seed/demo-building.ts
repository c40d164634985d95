import {
  DEMO_BUILDINGS,
  demoSamples,
  noise,
  seedOf,
  type DemoBuilding,
  type DemoPoint,
} from '@atrium/gateway-agent/demo-building-values';
import type { GatewaysModule } from '../modules/gateways/gateways.module';
import type { MonitoringModule } from '../modules/monitoring/monitoring.module';
import { knxSeriesKey, voltageSeriesKey } from '../modules/monitoring/monitoring-series';
import type { ProjectsModule } from '../modules/projects/projects.module';
import type { TimeSeriesModule } from '../modules/timeseries/timeseries.module';
import type { Point } from '../modules/timeseries/timeseries.types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Days of history the demo starts with: two weeks, about 100,000 points (a second or two). */
export const DEMO_HISTORY_DAYS = 14;

/** Which gateway of a demo project records which of its building's addresses. */
const RECORDERS: Record<keyof typeof DEMO_BUILDINGS, (p: DemoPoint) => string> = {
  // The pool controller records the pool (main group 2), the kloudnx the rest of the house.
  'Villa Rose': (p) => (p.ga.startsWith('2/') ? 'Piscine' : 'Salon'),
  'Bureaux Lyon': () => 'Étage 1',
};

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** "9.001" as ETS writes it ("DPST-9-1"); a main type alone ("14") as "DPT-14". */
const etsDpt = (dpt: string) => {
  const [main, sub] = dpt.split('.');
  return sub === undefined ? `DPT-${main}` : `DPST-${main}-${Number(sub)}`;
};

/**
 * A demo building as ETS 6 exports it ("Export group addresses", XML): the format the
 * console's ETS upload reads (docs/decisions/0006-ets-xml-parser.md).
 */
export function demoEtsXml(b: DemoBuilding): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
    '<GroupAddress-Export xmlns="http://knx.org/xml/ga-export/01">',
  ];
  const mains = Object.keys(b.mains).map(Number);
  for (const main of mains.sort((x, y) => x - y)) {
    const start = main * 2048;
    lines.push(
      `  <GroupRange Name="${escapeXml(b.mains[main] ?? '')}" RangeStart="${Math.max(1, start)}" RangeEnd="${start + 2047}">`,
    );
    const middles = Object.keys(b.middles)
      .filter((m) => m.startsWith(`${main}/`))
      .map((m) => Number(m.split('/')[1]))
      .sort((x, y) => x - y);
    for (const middle of middles) {
      const from = start + middle * 256;
      lines.push(
        `    <GroupRange Name="${escapeXml(b.middles[`${main}/${middle}`] ?? '')}" RangeStart="${Math.max(1, from)}" RangeEnd="${from + 255}">`,
      );
      for (const p of b.points.filter((x) => x.ga.startsWith(`${main}/${middle}/`))) {
        lines.push(
          `      <GroupAddress Name="${escapeXml(p.name)}" Address="${p.ga}" DPTs="${etsDpt(p.dpt)}" />`,
        );
      }
      lines.push('    </GroupRange>');
    }
    lines.push('  </GroupRange>');
  }
  lines.push('</GroupAddress-Export>', '');
  return lines.join('\r\n');
}

/** The modules the demo buildings are seeded through. */
export interface DemoBuildingModules {
  projects: Pick<ProjectsModule, 'repo'>;
  gateways: Pick<GatewaysModule, 'repo'>;
  monitoring: Pick<MonitoringModule, 'ets' | 'monitored'>;
  timeseries: Pick<TimeSeriesModule, 'store' | 'writer'>;
}

/** A gateway's supply voltage in the past: about 29 V, a little noise. */
const pastVoltage = (mac: string, t: number) =>
  Math.round((29.2 + 0.25 * noise(seedOf(mac), Math.floor(t / (10 * MINUTE)))) * 100) / 100;

/**
 * The demo buildings (issue 16): each demo project with live gateways gets its ETS file, its
 * gateways record the building's addresses, and the last `DEMO_HISTORY_DAYS` days of the same
 * curves the live gateways send are written through the time-series writer (rollups
 * included), with every live gateway's supply voltage: "Graphs" has data at once.
 */
export async function seedDemoBuildings(
  m: DemoBuildingModules,
  teamId: string,
  liveMacs: readonly string[],
  now = Date.now(),
) {
  const from = now - DEMO_HISTORY_DAYS * DAY;
  const points: Point[] = [];
  const projects = await m.projects.repo.listByTeam(teamId);
  for (const project of projects) {
    const gateways = await m.gateways.repo.listByProject(project.id);
    for (const gw of gateways.filter((g) => liveMacs.includes(g.mac))) {
      const seriesId = await m.timeseries.store.ensureSeries(voltageSeriesKey(project.id, gw.mac));
      for (let t = Math.ceil(from / (10 * MINUTE)) * 10 * MINUTE; t <= now; t += 10 * MINUTE)
        points.push({ seriesId, t, v: pastVoltage(gw.mac, t) });
    }
    const name = project.name as keyof typeof DEMO_BUILDINGS;
    const building = Object.hasOwn(DEMO_BUILDINGS, name) ? DEMO_BUILDINGS[name] : undefined;
    if (!building) continue;
    const slug = project.name.toLowerCase().replace(/\s+/g, '-');
    await m.monitoring.ets.upload(project.id, {
      name: `${slug}.xml`,
      bytes: Buffer.from(demoEtsXml(building)),
    });
    const byName = new Map(gateways.map((g) => [g.name, g]));
    const recorder = RECORDERS[name];
    for (const [gwName, gw] of byName) {
      const mine = building.points.filter((p) => recorder(p) === gwName);
      if (!mine.length) continue;
      await m.monitoring.monitored.setGateway(
        gw.mac,
        mine.map((p) => ({ address: p.ga })),
      );
      // Created together: on SQLite the writer thread creates them in one go.
      const ids = await Promise.all(
        mine.map((p) => m.timeseries.store.ensureSeries(knxSeriesKey(project.id, gw.mac, p.ga))),
      );
      for (const [i, p] of mine.entries()) {
        const seriesId = ids[i] ?? 0;
        for (const s of demoSamples(p, from, now))
          points.push({
            seriesId,
            t: s.t,
            v: typeof s.value === 'boolean' ? Number(s.value) : s.value,
          });
      }
    }
  }
  // In writer-sized batches, one after the other: the writer keeps the rollups right.
  for (let i = 0; i < points.length; i += 10_000)
    await m.timeseries.writer.write(points.slice(i, i + 10_000));
  return points.length;
}
