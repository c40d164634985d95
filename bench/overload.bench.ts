/**
 * Overload benchmark (issue 21, point 3; decision 0039): HUB_OVERLOAD_GATEWAYS gateways (1,000)
 * send 10× the nominal rate (2 telegrams/s each, info every 5 s) for HUB_OVERLOAD_MINUTES (30),
 * then the nominal rate for HUB_OVERLOAD_NOMINAL_SECONDS (120), on the embedded broker and
 * SQLite. Prints the server's peak RSS against its cap (HUB_OVERLOAD_RSS_CAP_MIB, 1,024), what
 * the overload guard did, what the hub dropped, the drain time of the backlog after the return
 * to nominal, and the acknowledged telegrams missing from the store (goal 0).
 * Knobs: HUB_OVERLOAD_FACTOR (10), HUB_OVERLOAD_INFLIGHT_MAX (MQTT_INFLIGHT_MAX, 8,000).
 * Run alone: `node --import tsx bench/overload.bench.ts`; a 2-minute version is
 * e2e/hub-overload.e2e.ts.
 */
import { pathToFileURL } from 'node:url';
import { printOverload, runOverload } from './hub-overload';
import { envNumber } from './knobs';

export async function main(): Promise<boolean> {
  const figures = await runOverload({
    gateways: envNumber('HUB_OVERLOAD_GATEWAYS', 1_000),
    nominalRate: 2,
    factor: envNumber('HUB_OVERLOAD_FACTOR', 10),
    overloadSeconds: envNumber('HUB_OVERLOAD_MINUTES', 30) * 60,
    nominalSeconds: envNumber('HUB_OVERLOAD_NOMINAL_SECONDS', 120),
    rssCapMiB: envNumber('HUB_OVERLOAD_RSS_CAP_MIB', 1_024),
    inflightMax: envNumber('HUB_OVERLOAD_INFLIGHT_MAX', 8_000),
    progressEvery: 30,
  });
  console.log(JSON.stringify(figures));
  return printOverload(figures);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = (await main()) ? 0 : 1;
