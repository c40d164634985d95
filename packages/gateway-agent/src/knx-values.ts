/** A plausible value for a KNX datapoint type: switches flip, sensors drift. */
export function nextValue(
  dpt: string,
  previous: number | boolean | undefined,
  random: () => number,
) {
  const main = Number(dpt.split('.')[0]);
  if (main === 1) return typeof previous === 'boolean' ? !previous : random() < 0.5;
  if (main === 5) return Math.round(random() * 255);
  if (main === 7 || main === 12) return Math.round(random() * 10_000);
  if (main === 9) {
    const base = typeof previous === 'number' ? previous : 20 + random() * 5;
    return Math.round((base + (random() - 0.5) * 0.4) * 100) / 100;
  }
  if (main === 14) return Math.round(random() * 100_000) / 100;
  return Math.round(random() * 100);
}

/** Supply voltage of a KNX line: about 29 V with a little noise. */
export const supplyVoltage = (random: () => number) =>
  Math.round((29 + (random() - 0.5) * 0.6) * 100) / 100;

/** Bus load in percent: mostly low, sometimes busier. */
export const busLoad = (random: () => number) => Math.round(random() * random() * 40 * 10) / 10;
