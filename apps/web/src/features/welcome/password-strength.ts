import { PASSWORD_CRITERIA } from '@atrium/contracts/user';

export const STRENGTH_LEVELS = ['weak', 'fair', 'strong'] as const;
export type StrengthLevel = (typeof STRENGTH_LEVELS)[number];

const MAX_SCORE = Object.keys(PASSWORD_CRITERIA).length;

/** Meter level for a passwordStrength() score: all criteria met is strong. */
export function strengthLevel(score: number): StrengthLevel {
  if (score >= MAX_SCORE) return 'strong';
  return score >= MAX_SCORE - 2 ? 'fair' : 'weak';
}

/** 0..100 for a progress bar. */
export function strengthPercent(score: number): number {
  return Math.round((Math.min(Math.max(score, 0), MAX_SCORE) / MAX_SCORE) * 100);
}
