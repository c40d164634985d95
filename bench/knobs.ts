/** The benchmarks' environment knobs, read one way. */

/** A numeric knob: `fallback` when unset; a value that is not a number stops the run. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name}=${raw}: not a number`);
  return value;
}

/** Node flags from a space-separated knob (e.g. `--trace-gc --expose-gc`). */
export function nodeFlags(name: string): string[] {
  return process.env[name]?.split(' ').filter(Boolean) ?? [];
}

/** `--cpu-prof` flags writing V8 CPU profiles to the directory a knob names, if it is set. */
export function profileFlags(name: string): string[] {
  const dir = process.env[name];
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
