import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past its live size before the next full
 * collection (decision 0040). V8 reads the flag each time it sets a new limit, so it applies
 * from the next collection on; 0 gives V8's own dynamic factor back. Command-line only
 * otherwise: Node refuses it in NODE_OPTIONS.
 */
export function applyHeapGrowing(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
