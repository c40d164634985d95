/**
 * Console drawing benchmark (issue 4, point 9): 500,000 points drawn in headless
 * Chromium, with uPlot (the console's chart library) and with Chart.js (the usual
 * alternative, decimation off) in the same run. A loopback HTTP server serves a
 * small page and the two libraries' browser builds; the page times, with
 * performance.now(), from the chart's creation to its canvas being rasterised
 * (a getImageData read forces it), median of several runs, plus a redraw with
 * new data (uPlot's setData, as the live graph does).
 * Target: uPlot ≤ 300 ms. Run alone: `node --import tsx bench/graph-draw.bench.ts`.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { z } from 'zod';

const POINTS = 500_000;
const TARGET_MS = 300;
const RUNS = { uplot: 7, chartjs: 3 };
const ROOT = join(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const ASSETS: Record<string, { file: string; type: string }> = {
  '/uplot.js': { file: 'node_modules/uplot/dist/uPlot.iife.min.js', type: 'text/javascript' },
  '/uplot.css': { file: 'node_modules/uplot/dist/uPlot.min.css', type: 'text/css' },
  '/chart.js': { file: 'node_modules/chart.js/dist/chart.umd.min.js', type: 'text/javascript' },
};

// The page: one year of 1-minute-ish data (a daily cycle plus noise), drawn as the
// console draws a curve: a 1200 × 320 canvas, time axis in ms, Paris time zone.
const PAGE = `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/uplot.css"><script src="/uplot.js"></script>
<script src="/chart.js"></script></head><body style="margin:0">
<div id="box" style="width:1200px"></div>
<script>
const N = ${POINTS};
const t0 = Date.UTC(2026, 0, 1);
const xs = new Array(N), ys = new Array(N);
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
for (let i = 0; i < N; i++) {
  xs[i] = t0 + i * 63000;
  ys[i] = 21 + 3 * Math.sin(i / 1371) + (rnd() - 0.5);
}
const box = document.getElementById('box');
const median = (a) => [...a].sort((p, q) => p - q)[Math.floor(a.length / 2)];
const flush = (canvas) => canvas.getContext('2d').getImageData(0, 0, 1, 1);

function uplotOnce() {
  return new Promise((resolve) => {
    const started = performance.now();
    let plot;
    const opts = {
      width: 1200, height: 320, ms: 1,
      tzDate: (ts) => uPlot.tzDate(new Date(ts), 'Europe/Paris'),
      scales: { x: { time: true } },
      series: [{}, { stroke: '#1f77b4', width: 1, paths: uPlot.paths.linear() }],
      legend: { show: false },
      hooks: { draw: [(u) => { flush(u.ctx.canvas); resolve({ plot: u, ms: performance.now() - started }); }] },
    };
    plot = new uPlot(opts, [xs, ys], box);
  });
}

function uplotRedraw(plot) {
  return new Promise((resolve) => {
    const shifted = ys.map((v) => v + 0.1);
    const started = performance.now();
    plot.hooks.draw = [(u) => { flush(u.ctx.canvas); resolve(performance.now() - started); }];
    plot.setData([xs, shifted]);
  });
}

function chartOnce() {
  const canvas = document.createElement('canvas');
  canvas.width = 1200; canvas.height = 320;
  box.append(canvas);
  const data = xs.map((x, i) => ({ x, y: ys[i] }));
  const started = performance.now();
  const chart = new Chart(canvas.getContext('2d'), {
    type: 'line',
    data: { datasets: [{ data, borderColor: '#1f77b4', borderWidth: 1, pointRadius: 0, tension: 0 }] },
    options: {
      animation: false, responsive: false, parsing: false, normalized: true, spanGaps: true,
      plugins: { decimation: { enabled: false }, legend: { display: false }, tooltip: { enabled: false } },
      scales: { x: { type: 'linear' }, y: { type: 'linear' } },
    },
  });
  flush(canvas);
  const ms = performance.now() - started;
  chart.destroy(); canvas.remove();
  return ms;
}

window.runBench = async (lib, runs) => {
  const first = [], redraw = [];
  for (let r = 0; r < runs; r++) {
    if (lib === 'uplot') {
      const { plot, ms } = await uplotOnce();
      first.push(ms);
      redraw.push(await uplotRedraw(plot));
      plot.destroy();
    } else {
      first.push(chartOnce());
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  return { first: median(first), redraw: redraw.length ? median(redraw) : null, runs: first };
};
window.benchReady = true;
</script></body></html>`;

const result = z.object({
  first: z.number(),
  redraw: z.number().nullable(),
  runs: z.array(z.number()),
});

function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const asset = ASSETS[req.url ?? ''];
    if (asset) {
      res.writeHead(200, { 'content-type': asset.type });
      return res.end(readFileSync(join(ROOT, asset.file)));
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function main(): Promise<boolean> {
  const server = await serve();
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction('window.benchReady === true');
    const uplot = result.parse(await page.evaluate(`runBench('uplot', ${RUNS.uplot})`));
    const chartjs = result.parse(await page.evaluate(`runBench('chartjs', ${RUNS.chartjs})`));
    const ratio = chartjs.first / uplot.first;
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `drawing ${POINTS.toLocaleString('en')} points in Chromium (headless, software canvas)`,
    );
    console.log(
      `  uPlot     create + draw: median ${fmt(uplot.first)} (${uplot.runs.map(fmt).join(', ')})`,
    );
    console.log(`  uPlot     redraw (setData): median ${fmt(uplot.redraw ?? NaN)}`);
    console.log(
      `  Chart.js  create + draw (decimation off): median ${fmt(chartjs.first)} (${chartjs.runs.map(fmt).join(', ')})`,
    );
    console.log(`  Chart.js / uPlot: ${ratio.toFixed(1)}×`);
    const ok = uplot.first <= TARGET_MS;
    console.log(`  target uPlot ≤ ${TARGET_MS} ms: ${ok ? 'met' : 'MISSED'}`);
    return ok;
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await main()) ? 0 : 1;
}
