import type { Rng } from './prng';
import type { RequestParts } from './request-parts';

/** One way to break a valid request; `detail` says what was broken, for the failure report. */
export interface Mutation {
  name: string;
  applies(p: RequestParts): boolean;
  apply(p: RequestParts, rng: Rng): { parts: RequestParts; detail: string };
}
