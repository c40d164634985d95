/** Points of one series as the server sends them: bucket start (epoch ms) and value. */
export type Points = readonly { x: number; y: number }[];

/** uPlot's column layout: one shared x array, one y array per series (null where absent). */
interface Aligned {
  x: number[];
  ys: (number | null)[][];
}

/** Puts several series on the union of their x values. */
export function alignSeries(lists: readonly Points[]): Aligned {
  const xs = new Set<number>();
  for (const list of lists) for (const p of list) xs.add(p.x);
  const x = [...xs].sort((a, b) => a - b);
  const index = new Map(x.map((value, i) => [value, i]));
  const ys = lists.map((list) => {
    const y = new Array<number | null>(x.length).fill(null);
    for (const p of list) y[index.get(p.x)!] = p.y;
    return y;
  });
  return { x, ys };
}

/**
 * Each series' value held from one point to the next (a KNX value stays until the
 * next telegram), never before its first point, and after its last only if `toEnd`.
 */
export function holdValues(y: readonly (number | null)[], toEnd = false): (number | null)[] {
  const out = new Array<number | null>(y.length).fill(null);
  const last = toEnd ? y.length - 1 : y.findLastIndex((v) => v !== null);
  let held: number | null = null;
  for (let i = 0; i <= last; i++) {
    held = y[i] ?? held;
    out[i] = held;
  }
  return out;
}

/** The mean over the series of their held values at each x (null where none has a value). */
export function meanAcross(ys: readonly (readonly (number | null)[])[]): (number | null)[] {
  const held = ys.map((y) => holdValues(y, true));
  const length = ys[0]?.length ?? 0;
  const out = new Array<number | null>(length).fill(null);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    let count = 0;
    for (const y of held) {
      const v = y[i];
      if (v !== null && v !== undefined) {
        sum += v;
        count++;
      }
    }
    out[i] = count ? sum / count : null;
  }
  return out;
}
