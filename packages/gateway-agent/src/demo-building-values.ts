/**
 * The demo buildings' KNX values (issue 16): a house with a pool ("Villa Rose") and an office
 * floor ("Bureaux Lyon"). Every value is a pure function of time, with daily curves in
 * Europe/Paris time, so the history the server seeds and the telegrams its demo gateways send
 * later draw one continuous line.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Who is in the building when: a home in the mornings and evenings, an office on weekdays. */
export type Occupancy = 'home' | 'office';

/** The shape of one address's values. */
export type DemoCurve =
  | { kind: 'roomTemperature'; base: number; swing: number }
  | { kind: 'outdoorTemperature' }
  | { kind: 'waterTemperature' }
  | { kind: 'co2'; occupancy: Occupancy; peak: number }
  | { kind: 'light'; occupancy: Occupancy; shift: number }
  | { kind: 'blind'; shift: number }
  | { kind: 'schedule'; from: number; to: number }
  | { kind: 'off' }
  | { kind: 'power'; occupancy: Occupancy; base: number }
  | { kind: 'energy'; occupancy: Occupancy; base: number }
  | { kind: 'ph' };

/** One group address of a demo building: its ETS entry, its curve and its pace. */
export interface DemoPoint {
  ga: string;
  name: string;
  dpt: string;
  curve: DemoCurve;
  /** A sample every `everyMin` minutes. */
  everyMin: number;
  /** Sent only when the value changed (or every `HEARTBEAT_MIN` minutes): switches, blinds. */
  onChange?: boolean;
}

/** A demo building: its ETS group ranges (main, middle) and their addresses. */
export interface DemoBuilding {
  /** main group number → name; middle "m/n" → name. */
  mains: Record<number, string>;
  middles: Record<string, string>;
  points: DemoPoint[];
}

/** An on-change address is still sent this often, so a graph always has recent points. */
export const HEARTBEAT_MIN = 30;

const temp = (ga: string, name: string, base: number, swing: number): DemoPoint => ({
  ga,
  name,
  dpt: '9.001',
  curve: { kind: 'roomTemperature', base, swing },
  everyMin: 5,
});
const light = (ga: string, name: string, occupancy: Occupancy, shift: number): DemoPoint => ({
  ga,
  name,
  dpt: '1.001',
  curve: { kind: 'light', occupancy, shift },
  everyMin: 5,
  onChange: true,
});
const blind = (ga: string, name: string, shift: number): DemoPoint => ({
  ga,
  name,
  dpt: '5.001',
  curve: { kind: 'blind', shift },
  everyMin: 5,
  onChange: true,
});

/**
 * Villa Rose: the pool addresses (2/x/x) are the poolnx "Piscine"'s, the others the kloudnx
 * "Salon"'s. 1/1/1, 1/2/1, 1/3/1 and 2/1/1 carry the demo's alert thresholds.
 */
export const VILLA_ROSE: DemoBuilding = {
  mains: { 0: 'Éclairage et volets', 1: 'Chauffage et climat', 2: 'Piscine', 3: 'Énergie' },
  middles: {
    '0/0': 'Éclairage',
    '0/1': 'Volets (position)',
    '1/1': 'Températures',
    '1/2': 'Qualité de l’air',
    '1/3': 'Alarmes techniques',
    '2/1': 'Mesures',
    '2/2': 'Commandes',
    '3/0': 'Compteur général',
  },
  points: [
    light('0/0/1', 'Séjour plafonnier', 'home', 0),
    light('0/0/2', 'Cuisine plan de travail', 'home', -20),
    light('0/0/3', 'Chambre parents', 'home', 45),
    light('0/0/4', 'Entrée', 'home', 10),
    light('0/0/5', 'Terrasse', 'home', 60),
    blind('0/1/1', 'Volet séjour', 0),
    blind('0/1/2', 'Volet chambre parents', 30),
    blind('0/1/3', 'Volet cuisine', -15),
    temp('1/1/1', 'Température séjour', 21, 1.6),
    temp('1/1/2', 'Température cuisine', 20.6, 1.8),
    temp('1/1/3', 'Température chambre parents', 19.2, 1.2),
    temp('1/1/4', 'Température chambre enfants', 19.6, 1.3),
    {
      ga: '1/1/5',
      name: 'Température extérieure',
      dpt: '9.001',
      curve: { kind: 'outdoorTemperature' },
      everyMin: 5,
    },
    {
      ga: '1/2/1',
      name: 'CO₂ séjour',
      dpt: '9.008',
      curve: { kind: 'co2', occupancy: 'home', peak: 650 },
      everyMin: 5,
    },
    {
      ga: '1/2/2',
      name: 'CO₂ chambre parents',
      dpt: '9.008',
      curve: { kind: 'co2', occupancy: 'home', peak: 500 },
      everyMin: 5,
    },
    {
      ga: '1/3/1',
      name: 'Détection fuite cuisine',
      dpt: '1.005',
      curve: { kind: 'off' },
      everyMin: 5,
      onChange: true,
    },
    {
      ga: '2/1/1',
      name: 'Température eau piscine',
      dpt: '9.001',
      curve: { kind: 'waterTemperature' },
      everyMin: 5,
    },
    { ga: '2/1/2', name: 'pH piscine', dpt: '14', curve: { kind: 'ph' }, everyMin: 5 },
    {
      ga: '2/2/1',
      name: 'Pompe de filtration',
      dpt: '1.001',
      curve: { kind: 'schedule', from: 9, to: 19 },
      everyMin: 5,
      onChange: true,
    },
    {
      ga: '2/2/2',
      name: 'Éclairage piscine',
      dpt: '1.001',
      curve: { kind: 'schedule', from: 21, to: 23.5 },
      everyMin: 5,
      onChange: true,
    },
    {
      ga: '3/0/1',
      name: 'Énergie active consommée',
      dpt: '13.010',
      curve: { kind: 'energy', occupancy: 'home', base: 450 },
      everyMin: 5,
    },
    {
      ga: '3/0/2',
      name: 'Puissance active',
      dpt: '14.056',
      curve: { kind: 'power', occupancy: 'home', base: 450 },
      everyMin: 5,
    },
  ],
};

/** Bureaux Lyon: the first floor's kloudnx "Étage 1" records these. */
/**
 * Bureaux Lyon: the first floor's kloudnx "Étage 1" records these. Its main groups (4 to 6)
 * are not Villa Rose's, so an agent knows a demo address by its group address alone.
 */
export const BUREAUX_LYON: DemoBuilding = {
  mains: { 4: 'Étage 1 – éclairage et stores', 5: 'Étage 1 – climat', 6: 'Étage 1 – énergie' },
  middles: {
    '4/0': 'Éclairage',
    '4/1': 'Stores (position)',
    '5/1': 'Températures',
    '5/2': 'Qualité de l’air',
    '6/0': 'Tableau divisionnaire',
  },
  points: [
    light('4/0/1', 'Open space nord', 'office', 0),
    light('4/0/2', 'Open space sud', 'office', 15),
    light('4/0/3', 'Salle de réunion Rhône', 'office', 40),
    light('4/0/4', 'Accueil', 'office', -30),
    blind('4/1/1', 'Stores open space', -30),
    blind('4/1/2', 'Stores salle de réunion', 10),
    temp('5/1/1', 'Température open space', 21.2, 1.4),
    temp('5/1/2', 'Température salle de réunion', 20.8, 1.7),
    temp('5/1/3', 'Température accueil', 20.2, 1.1),
    {
      ga: '5/2/1',
      name: 'CO₂ open space',
      dpt: '9.008',
      curve: { kind: 'co2', occupancy: 'office', peak: 520 },
      everyMin: 5,
    },
    {
      ga: '5/2/2',
      name: 'CO₂ salle de réunion',
      dpt: '9.008',
      curve: { kind: 'co2', occupancy: 'office', peak: 800 },
      everyMin: 5,
    },
    {
      ga: '6/0/1',
      name: 'Énergie active étage 1',
      dpt: '13.010',
      curve: { kind: 'energy', occupancy: 'office', base: 900 },
      everyMin: 5,
    },
    {
      ga: '6/0/2',
      name: 'Puissance active étage 1',
      dpt: '14.056',
      curve: { kind: 'power', occupancy: 'office', base: 900 },
      everyMin: 5,
    },
  ],
};

/** Both demo buildings, by their project's name. */
export const DEMO_BUILDINGS = { 'Villa Rose': VILLA_ROSE, 'Bureaux Lyon': BUREAUX_LYON } as const;

// ---------------------------------------------------------------- Paris time

/** The last Sunday of a month (UTC date), at 01:00 UTC: when Europe switches its clocks. */
function lastSundayAt1Utc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

/** Europe/Paris's offset from UTC at `t`, in ms (the EU rule: summer time March to October). */
export function parisOffset(t: number): number {
  // Weeks of samples fall in one year: its clock changes are computed once.
  if (t < summerOf.yearStart || t >= summerOf.yearEnd) {
    const year = new Date(t).getUTCFullYear();
    summerOf.yearStart = Date.UTC(year, 0, 1);
    summerOf.yearEnd = Date.UTC(year + 1, 0, 1);
    summerOf.from = lastSundayAt1Utc(year, 2);
    summerOf.to = lastSundayAt1Utc(year, 9);
  }
  return (t >= summerOf.from && t < summerOf.to ? 2 : 1) * HOUR;
}

/** The last year parisOffset looked at, and its summer time. */
const summerOf = { yearStart: 0, yearEnd: 0, from: 0, to: 0 };

/** The Paris wall-clock hour of `t` (0 to 24, fractional) and the day of the week (0 Sunday). */
export function parisClock(t: number): { hour: number; weekday: number; day: number } {
  const local = t + parisOffset(t);
  const day = Math.floor(local / DAY);
  return { hour: (local - day * DAY) / HOUR, weekday: (day + 4) % 7, day };
}

// ---------------------------------------------------------------- shapes

/** A bump of height 1 centred on `at` (hours), `width` hours wide at half height. */
const bump = (hour: number, at: number, width: number) => {
  const d = Math.min(Math.abs(hour - at), 24 - Math.abs(hour - at));
  return Math.exp(-((d / (width / 2)) ** 2) * Math.LN2);
};

/** A repeatable noise in [-1, 1] for (seed, n): the same sample always gives the same value. */
export function noise(seed: number, n: number): number {
  let x = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(n | 0, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 0x7fffffff - 1;
}

/** A number for an address, to vary its noise and its daily jitter. */
export function seedOf(ga: string): number {
  let h = 2166136261;
  for (const c of ga) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** How many people are in (0 to 1) at a Paris hour and weekday. */
export function occupancyAt(o: Occupancy, hour: number, weekday: number): number {
  if (o === 'office') {
    if (weekday === 0 || weekday === 6) return 0;
    const lunchDip = 0.35 * bump(hour, 12.75, 1.3);
    return hour >= 8 && hour < 18.5
      ? Math.min(1, (hour - 7.5) * 1.5, (18.5 - hour) * 2) - lunchDip
      : 0;
  }
  const weekend = weekday === 0 || weekday === 6;
  return Math.min(
    1,
    0.9 * bump(hour, 7.5, 2) + bump(hour, 20, 4.5) + (weekend ? 0.6 * bump(hour, 14, 6) : 0),
  );
}

/** Mean power of a building at a Paris hour (W): a base load, more when occupied. */
function powerShape(c: { occupancy: Occupancy; base: number }, hour: number, weekday: number) {
  const cooking = c.occupancy === 'home' ? 1800 * bump(hour, 19.6, 1.5) : 0;
  const people = occupancyAt(c.occupancy, hour, weekday) * c.base * 2.2;
  return c.base + people + cooking;
}

/**
 * The energy counter (Wh): the integral of a smooth positive power, so it only rises. The
 * integral is closed-form (a constant plus a daily cosine of amplitude below the constant),
 * on a fixed UTC+1 clock so that it stays continuous across the clock changes.
 */
function energyAt(c: { occupancy: Occupancy; base: number }, t: number): number {
  const mean = c.base * 1.6; // W
  const amp = c.base * 0.9; // W, < mean: the power is always positive
  const hours = (t + HOUR) / HOUR; // hours since epoch on UTC+1
  const peak = c.occupancy === 'home' ? 19 : 13; // when the power is highest
  const phase = (2 * Math.PI * (hours - peak)) / 24;
  const wh = mean * hours + (amp * 24 * Math.sin(phase)) / (2 * Math.PI);
  // Started at zero on 1 January 2024: a meter of a few years.
  return Math.round(wh - mean * (Date.UTC(2024, 0, 1) / HOUR));
}

/** Whether a light is on: mornings and evenings at home, office hours at work, in the dark. */
function lightOn(c: { occupancy: Occupancy; shift: number }, t: number, seed: number): boolean {
  const { hour, weekday, day } = parisClock(t);
  const jitter = (c.shift + 20 * noise(seed, day)) / 60; // hours
  const h = hour - jitter;
  if (c.occupancy === 'office') {
    if (weekday === 0 || weekday === 6) return false;
    return h >= 7.75 && h < 18.75;
  }
  return (h >= 6.5 && h < 8.25) || (h >= 18.5 && h < 23.25);
}

/**
 * The weather: a slow drift in [-1, 1], one random value per (UTC) day, linearly joined, so
 * that no two days are quite alike. The same for every address of a building.
 */
export function weather(t: number): number {
  const days = t / DAY;
  const d = Math.floor(days);
  const f = days - d;
  return noise(0x5eed, d) * (1 - f) + noise(0x5eed, d + 1) * f;
}

/** Round to `digits` decimals. */
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The value of a demo address at time `t` (ms): numbers in the DPT's unit, switches as booleans. */
export function demoValue(point: DemoPoint, t: number): number | boolean {
  const c = point.curve;
  const seed = seedOf(point.ga);
  const { hour, weekday } = parisClock(t);
  const n = Math.floor(t / (point.everyMin * MINUTE));
  const wobble = noise(seed, n);
  switch (c.kind) {
    case 'roomTemperature':
      // Coolest before dawn, warmest mid-afternoon, a little of the weather; sensor noise.
      return round(
        c.base +
          c.swing * Math.cos((2 * Math.PI * (hour - 16)) / 24) +
          0.4 * weather(t) +
          0.08 * wobble,
        1,
      );
    case 'outdoorTemperature':
      return round(
        8 + 4.5 * Math.cos((2 * Math.PI * (hour - 15)) / 24) + 3 * weather(t) + 0.3 * wobble,
        1,
      );
    case 'waterTemperature':
      return round(
        27 + 0.6 * Math.cos((2 * Math.PI * (hour - 18)) / 24) + 0.3 * weather(t) + 0.05 * wobble,
        1,
      );
    case 'co2':
      return Math.round(430 + c.peak * occupancyAt(c.occupancy, hour, weekday) + 15 * wobble);
    case 'light':
      return lightOn(c, t, seed);
    case 'blind': {
      // Down at night (100 %), up by day, half down in the early afternoon sun.
      const h = hour - c.shift / 60;
      if (h < 7.5 || h >= 21.5) return 100;
      return h >= 13 && h < 16 ? 50 : 0;
    }
    case 'schedule':
      return hour >= c.from && hour < c.to;
    case 'off':
      return false;
    case 'power':
      return round(powerShape(c, hour, weekday) * (1 + 0.08 * wobble), 1);
    case 'energy':
      return energyAt(c, t);
    case 'ph':
      return round(7.2 + 0.06 * Math.sin((2 * Math.PI * (hour - 14)) / 24) + 0.02 * wobble, 2);
  }
}

// ---------------------------------------------------------------- samples

/** One sample of a demo address, as a telegram carries it. */
export interface DemoSample {
  ga: string;
  dpt: string;
  value: number | boolean;
  t: number;
}

/** The sample times of an address in (after, upTo]: multiples of its period. */
function sampleTimes(point: DemoPoint, after: number, upTo: number): number[] {
  const step = point.everyMin * MINUTE;
  const out: number[] = [];
  for (let t = Math.floor(after / step) * step + step; t <= upTo; t += step) out.push(t);
  return out;
}

/**
 * What a demo address sends between `after` (excluded) and `upTo`: every sample, or for
 * on-change addresses the changes plus a heartbeat. `last` is what was sent before (for
 * on-change addresses) and is updated; the server's seeded history and the live agent both
 * go through here, so the live values continue the history.
 */
export function demoSamples(
  point: DemoPoint,
  after: number,
  upTo: number,
  last: { value?: number | boolean; t?: number } = {},
): DemoSample[] {
  const out: DemoSample[] = [];
  for (const t of sampleTimes(point, after, upTo)) {
    const value = demoValue(point, t);
    const due =
      !point.onChange ||
      last.value !== value ||
      last.t === undefined ||
      t - last.t >= HEARTBEAT_MIN * MINUTE;
    if (!due) continue;
    out.push({ ga: point.ga, dpt: point.dpt, value, t });
    last.value = value;
    last.t = t;
  }
  return out;
}

/**
 * A live source of demo telegrams for the addresses a gateway monitors: `due(now)` gives
 * what is to be sent since the previous call (the first call gives the latest sample only).
 * Addresses that are not part of a demo building give nothing here.
 */
export class DemoBuildingSource {
  private readonly byGa = new Map<string, DemoPoint>();
  private readonly state = new Map<string, { value?: number | boolean; t?: number }>();
  private since: number | undefined;

  constructor(buildings: readonly DemoBuilding[] = Object.values(DEMO_BUILDINGS)) {
    // The buildings' group addresses do not overlap (see BUREAUX_LYON).
    for (const b of buildings) for (const p of b.points) this.byGa.set(p.ga, p);
  }

  /** The demo point behind an address of this DPT, if it is one. */
  pointOf(ga: string, dpt: string): DemoPoint | undefined {
    const p = this.byGa.get(ga);
    return p && p.dpt === dpt ? p : undefined;
  }

  /** The samples of the monitored addresses due by `now`. */
  due(monitor: readonly { ga: string; dpt: string }[], now: number): DemoSample[] {
    const after = this.since ?? now - HEARTBEAT_MIN * MINUTE;
    this.since = now;
    const out: DemoSample[] = [];
    for (const { ga, dpt } of monitor) {
      const point = this.pointOf(ga, dpt);
      if (!point) continue;
      let last = this.state.get(ga);
      if (!last) this.state.set(ga, (last = {}));
      const samples = demoSamples(point, after, now, last);
      // After a pause (first call, or a gap), only the newest sample: no burst of old values.
      const tail = samples.at(-1);
      if (tail) out.push(...(this.since - after > 5 * MINUTE ? [tail] : samples));
    }
    return out;
  }
}
