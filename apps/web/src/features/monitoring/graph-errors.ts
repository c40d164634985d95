import { ApiError } from '../../lib/api/api-error';

export interface GraphProblem {
  severity: 'warning' | 'error';
  key: string;
}

/**
 * Codes of a graph query that have their own message (spec document 2 §8 Graph), and
 * rateLimited: too many queries of the user, or the server reading its fill (decision 0053).
 */
const KNOWN = new Set([
  'rateLimited',
  'invalidDPT',
  'noAddress',
  'tooManyPoints',
  'invalidRange',
  'malformedAddress',
  'cannotFindAddress',
]);

/** The message of a failed graph query: cannotFindAddress is a warning, others errors. */
export function graphProblem(error: unknown): GraphProblem {
  const code = error instanceof ApiError ? error.code : undefined;
  if (typeof code !== 'string' || !KNOWN.has(code)) return { severity: 'error', key: 'error' };
  return { severity: code === 'cannotFindAddress' ? 'warning' : 'error', key: code };
}
