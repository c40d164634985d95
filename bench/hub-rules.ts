/**
 * The alert rules of the hub benchmark (issue 14), seeded by bench/hub-server.ts into the
 * projects' `logger_thresholds` (HUB_RULES of them): thresholds on the addresses the simulated
 * gateways send. Most never fire; a share (FIRING_SHARE) crosses now and then, in projects
 * whose notifications go to Pushover (PUSHOVER_URL, the benchmark's stand-in).
 */
import type { Threshold } from '@atrium/contracts/alerts';
import type { Notification } from '@atrium/contracts/project';
import { benchGateway } from './hub-processes';

/**
 * What every simulated gateway monitors (`--monitor`), one address at random per telegram: a
 * temperature drifting from 20–25 by ±0.2 a telegram, a switch flipping on every telegram,
 * a byte uniform over 0–255 (packages/gateway-agent/src/knx-values.ts).
 */
export const BENCH_MONITOR = '1/1/1:9.001,1/1/2:1.001,1/1/3:5.001';
const TEMPERATURE = { address: '1/1/1', dpt: '9.001' };
const BYTE = { address: '1/1/3', dpt: '5.001' };
// No rule on the switch (1/1/2): it flips on every telegram, an isTrue rule there would
// raise and clear every other telegram.

/** Share of the rules that fire during a run. */
export const FIRING_SHARE = 0.01;
/**
 * A firing rule: `> 245` on the byte, true for about 1 telegram of that address in 27 (246–255
 * of 0–255), about once every 40 s per rule at 2 telegrams/s over 3 addresses. The hysteresis
 * band (2.45) clears it at ≤ 242, most often on the next telegram: one alert per crossing.
 */
export const FIRE_ABOVE = 245;
export const FIRING_PREFIX = 'bench fire ';
export const firingRuleName = (j: number) => `${FIRING_PREFIX}${j}`;

/** Notifications of the projects holding a firing rule: Pushover only, thresholds only. */
export const BENCH_NOTIFICATION: Notification = {
  email: {
    enabled: false,
    options: { mails: [] },
    events: { status: false, voltage: false, thresholds: true },
  },
  pushover: {
    enabled: true,
    options: { user: 'ubenchuserkey0000000000000000', token: 'abenchapptoken000000000000000' },
    events: { status: false, voltage: false, thresholds: true },
  },
  language: 'en',
};

export interface RuleLayout {
  /** Thresholds by project index (gateway i is in project floor(i / perProject)). */
  byProject: Map<number, Threshold[]>;
  /** Projects with a firing rule (Pushover on). */
  pushover: Set<number>;
  firing: number;
}

/** A limit no value of the address reaches (> above, < below, = off the range), varied a little. */
function quiet(i: number, byte: boolean): Pick<Threshold, 'type' | 'value'> {
  const shift = i % 100;
  switch (i % 3) {
    case 0:
      return { type: '>', value: (byte ? 300 : 100) + shift };
    case 1:
      return { type: '<', value: (byte ? -10 : -50) - shift };
    default:
      return { type: '=', value: 1000 + shift + 0.5 };
  }
}

/**
 * `rules` thresholds over `gateways` gateways: the firing ones (FIRING_SHARE, at least one)
 * spread evenly over the gateways, the others round-robin over the gateways, alternating
 * between the temperature and the byte.
 */
export function benchRules(gateways: number, rules: number, perProject: number): RuleLayout {
  const layout: RuleLayout = { byProject: new Map(), pushover: new Set(), firing: 0 };
  if (rules <= 0 || gateways <= 0) return layout;
  const firing = Math.min(gateways, rules, Math.max(1, Math.round(rules * FIRING_SHARE)));
  const add = (gateway: number, t: Omit<Threshold, 'gateway' | 'enabled'>) => {
    const project = Math.floor(gateway / perProject);
    const list = layout.byProject.get(project) ?? [];
    list.push({ ...t, gateway: benchGateway(gateway).mac, enabled: true });
    layout.byProject.set(project, list);
    return project;
  };
  for (let j = 0; j < firing; j++) {
    const gateway = Math.floor((j * gateways) / firing);
    const project = add(gateway, {
      _id: `bench-fire-${j}`,
      name: firingRuleName(j),
      ...BYTE,
      type: '>',
      value: FIRE_ABOVE,
    });
    layout.pushover.add(project);
  }
  for (let i = 0; i < rules - firing; i++) {
    const byte = (i + Math.floor(i / gateways)) % 2 === 1;
    add(i % gateways, {
      _id: `bench-${i}`,
      name: `bench rule ${i}`,
      ...(byte ? BYTE : TEMPERATURE),
      ...quiet(i, byte),
    });
  }
  layout.firing = firing;
  return layout;
}
