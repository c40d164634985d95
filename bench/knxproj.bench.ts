/**
 * ETS import benchmark (issue 18): reads ETS projects of 5,000 group addresses with
 * parseKnxproj — an ETS 6 project protected by a password (PBKDF2 derivation, WinZip AES
 * inner archive) and an unprotected ETS 5 one — half of whose addresses take their DPT from
 * the device objects linked to them (the manufacturer's application program is read), and
 * the same addresses as an ETS XML export (parseEtsXml) and as an ETS CSV (parseEtsCsv).
 * Reports the median and worst time of the rounds after a warm-up round.
 * The protected project is also read with an application program of ~30 MB (150,000
 * parameters), the weight of real product files, which the DPT lookup has to scan.
 * Target: every 5,000-address read in under 1 s (median of the rounds).
 * Knobs: KNXPROJ_BENCH_ADDRESSES (5,000), KNXPROJ_BENCH_ROUNDS (7),
 * KNXPROJ_BENCH_PARAMETERS (150,000).
 * Run alone: `node --import tsx bench/knxproj.bench.ts`.
 */
import { pathToFileURL } from 'node:url';
import { exportEtsTreeCsv } from '@atrium/knx/ets-csv';
import { parseEtsCsv } from '@atrium/knx/ets-csv-import';
import { parseEtsXml } from '@atrium/knx/ets-xml';
import { parseKnxproj } from '@atrium/knx/knxproj';
import { buildKnxproj, largeFixture } from '@atrium/knx/knxproj.testing';
import { envNumber } from './knobs';

const ADDRESSES = envNumber('KNXPROJ_BENCH_ADDRESSES', 5_000);
const ROUNDS = envNumber('KNXPROJ_BENCH_ROUNDS', 7);
const PARAMETERS = envNumber('KNXPROJ_BENCH_PARAMETERS', 150_000);
const TARGET_MS = 1_000;
const PASSWORD = 'Bench-Projet-2026!';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

async function time(run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/** The same addresses as ETS's XML export writes them. */
function xmlExport(csvTree: ReturnType<typeof parseEtsCsv>['tree']): string {
  const escape = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const lines = ['<?xml version="1.0" encoding="utf-8" standalone="yes"?>'];
  lines.push('<GroupAddress-Export xmlns="http://knx.org/xml/ga-export/01">');
  for (const main of csvTree) {
    lines.push(
      `  <GroupRange Name="${escape(main.name)}" RangeStart="${main.main << 11}" RangeEnd="${(main.main << 11) + 2047}">`,
    );
    for (const middle of main.middles) {
      const start = (main.main << 11) + (middle.middle << 8);
      lines.push(
        `    <GroupRange Name="${escape(middle.name)}" RangeStart="${start}" RangeEnd="${start + 255}">`,
      );
      for (const entry of middle.addresses) {
        const dpt =
          entry.dpt === undefined
            ? ''
            : ` DPTs="DPST-${entry.dpt.replace('.', '-').replace(/-0+(\d)/, '-$1')}"`;
        lines.push(
          `      <GroupAddress Name="${escape(entry.name)}" Address="${entry.address}"${dpt} />`,
        );
      }
      lines.push('    </GroupRange>');
    }
    lines.push('  </GroupRange>');
  }
  lines.push('</GroupAddress-Export>');
  return lines.join('\r\n');
}

export async function main(): Promise<boolean> {
  const protectedEts6 = await buildKnxproj(largeFixture(ADDRESSES, 6, PASSWORD));
  // Real product files weigh tens of MB (parameters, dynamic sections, translations).
  const heavy = await buildKnxproj({
    ...largeFixture(ADDRESSES, 6, PASSWORD),
    applicationParameters: PARAMETERS,
  });
  const plainEts5 = await buildKnxproj(largeFixture(ADDRESSES, 5));
  const check = await parseKnxproj(protectedEts6, { password: PASSWORD });
  if (check.addresses.length !== ADDRESSES)
    throw new Error(`read ${check.addresses.length} addresses`);
  const csv = exportEtsTreeCsv(check.tree);
  const xml = xmlExport(check.tree);
  const rows = {
    '.knxproj ETS 6, protected': {
      bytes: protectedEts6.length,
      times: await time(() => parseKnxproj(protectedEts6, { password: PASSWORD })),
    },
    [`.knxproj ETS 6, protected, ${Math.round((PARAMETERS * 200) / 1e6)} MB product data`]: {
      bytes: heavy.length,
      times: await time(() => parseKnxproj(heavy, { password: PASSWORD })),
    },
    '.knxproj ETS 5': {
      bytes: plainEts5.length,
      times: await time(() => parseKnxproj(plainEts5)),
    },
    'XML export': {
      bytes: Buffer.byteLength(xml),
      times: await time(async () => parseEtsXml(xml, { maxBytes: 10_000_000 })),
    },
    'CSV 1/1': {
      bytes: Buffer.byteLength(csv),
      times: await time(async () => parseEtsCsv(csv, { maxBytes: 10_000_000 })),
    },
  };
  console.log(
    `${ADDRESSES.toLocaleString('en')} group addresses (${check.dptsFromDevices.toLocaleString('en')} typed by their linked device objects), ${ROUNDS} rounds`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([name, row]) => [
        name,
        {
          'file kB': Math.round(row.bytes / 1000),
          'median ms': Math.round(median(row.times)),
          'worst ms': Math.round(Math.max(...row.times)),
        },
      ]),
    ),
  );
  const result = Math.max(...Object.values(rows).map((row) => median(row.times)));
  const met = result < TARGET_MS;
  console.log(
    `target (every ${ADDRESSES.toLocaleString('en')}-address read in < ${TARGET_MS} ms, median): ${met ? 'met' : 'MISSED'} (slowest ${Math.round(result)} ms)`,
  );
  return met;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await main()) ? 0 : 1;
}
