import { BODY_MUTATIONS } from './body-mutations';
import type { Mutation } from './mutation';
import { UPLOAD_MUTATIONS } from './multipart-mutations';
import type { Rng } from './prng';
import type { RequestParts } from './request-parts';
import { VALUE_MUTATIONS } from './value-mutations';

export const MUTATIONS: Mutation[] = [...VALUE_MUTATIONS, ...BODY_MUTATIONS, ...UPLOAD_MUTATIONS];

/** One mutation among those that apply to this request, applied. */
export function mutate(p: RequestParts, rng: Rng): { parts: RequestParts; detail: string } {
  const applicable = MUTATIONS.filter((m) => m.applies(p));
  const m = rng.pick(applicable);
  const { parts, detail } = m.apply(p, rng);
  return { parts, detail: `${m.name}: ${detail}` };
}
