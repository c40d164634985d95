import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { graphProblem } from './graph-errors';

const refused = (statusCode: number, code: string) =>
  new ApiError(statusCode, { statusCode, code, message: code });

describe('graphProblem', () => {
  it('names the codes of the graph, cannotFindAddress as a warning', () => {
    expect(graphProblem(refused(400, 'tooManyPoints'))).toEqual({
      severity: 'error',
      key: 'tooManyPoints',
    });
    expect(graphProblem(refused(404, 'cannotFindAddress'))).toEqual({
      severity: 'warning',
      key: 'cannotFindAddress',
    });
  });

  it('says "too many requests" when the server is busy or the user asks too often', () => {
    expect(graphProblem(refused(429, 'rateLimited'))).toEqual({
      severity: 'error',
      key: 'rateLimited',
    });
  });

  it('falls back to the general error for anything else', () => {
    expect(graphProblem(refused(500, 'internal'))).toEqual({ severity: 'error', key: 'error' });
    expect(graphProblem(new Error('offline'))).toEqual({ severity: 'error', key: 'error' });
  });
});
