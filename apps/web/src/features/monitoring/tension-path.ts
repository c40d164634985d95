import uPlot from 'uplot';

/** Above this many points per CSS pixel of width, smoothing is invisible: draw straight segments. */
const DENSITY_LIMIT = 0.5;

interface Pt {
  x: number;
  y: number;
}

/**
 * Control points of a cardinal-style Bézier through `cur` with the given tension,
 * the formula Chart.js uses for `tension` (0: straight lines, 0.4: its usual curve).
 */
function controlPoints(prev: Pt, cur: Pt, next: Pt, tension: number): [Pt, Pt] {
  const d01 = Math.hypot(cur.x - prev.x, cur.y - prev.y);
  const d12 = Math.hypot(next.x - cur.x, next.y - cur.y);
  const total = d01 + d12;
  const fa = total ? (tension * d01) / total : 0;
  const fb = total ? (tension * d12) / total : 0;
  const dx = next.x - prev.x;
  const dy = next.y - prev.y;
  return [
    { x: cur.x - fa * dx, y: cur.y - fa * dy },
    { x: cur.x + fb * dx, y: cur.y + fb * dy },
  ];
}

function strokeRun(path: Path2D, run: Pt[], tension: number, top: number, bottom: number): void {
  const clampY = (y: number) => Math.min(bottom, Math.max(top, y));
  const first = run[0];
  if (!first) return;
  path.moveTo(first.x, first.y);
  if (run.length === 1) {
    path.lineTo(first.x + 0.5, first.y);
    return;
  }
  let out = first;
  for (let i = 1; i < run.length; i++) {
    const cur = run[i]!;
    const next = run[i + 1] ?? cur;
    const [cIn, cOut] = controlPoints(run[i - 1]!, cur, next, tension);
    path.bezierCurveTo(out.x, clampY(out.y), cIn.x, clampY(cIn.y), cur.x, cur.y);
    out = cOut;
  }
}

/**
 * A uPlot path builder drawing each run of points as a curve with this tension
 * (spec document 2 §9: curve tension 0.4); null values break the line unless the
 * series spans gaps.
 * Dense series fall back to uPlot's linear builder, which decimates per pixel.
 */
export function tensionPath(tension: number): uPlot.Series.PathBuilder {
  const linear = uPlot.paths.linear!();
  return (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const ys = u.data[seriesIdx];
    const scaleKey = u.series[seriesIdx]?.scale ?? 'y';
    // Series share one x array, so a series has nulls where others have points: skip them.
    const spanGaps = u.series[seriesIdx]?.spanGaps ?? false;
    if (!ys || idx1 - idx0 > u.bbox.width * DENSITY_LIMIT) return linear(u, seriesIdx, idx0, idx1);
    const path = new Path2D();
    let run: Pt[] = [];
    const top = u.bbox.top;
    const bottom = u.bbox.top + u.bbox.height;
    for (let i = idx0; i <= idx1; i++) {
      const y = ys[i];
      const x = xs[i];
      if (y === null || y === undefined || x === undefined) {
        if (spanGaps) continue;
        strokeRun(path, run, tension, top, bottom);
        run = [];
        continue;
      }
      run.push({ x: u.valToPos(x, 'x', true), y: u.valToPos(y, scaleKey, true) });
    }
    strokeRun(path, run, tension, top, bottom);
    return { stroke: path, fill: null, clip: null };
  };
}
