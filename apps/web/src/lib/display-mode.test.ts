import { describe, expect, it } from 'vitest';
import { projectViewPath } from './display-mode';

describe('projectViewPath (spec §4 Display mode)', () => {
  it('opens the table in mode 0 or without a selection', () => {
    expect(projectViewPath({ mode: 0, project: 'p1', gateway: 'g1' })).toBe('/projects/list');
    expect(projectViewPath({ mode: 1, project: null, gateway: null })).toBe('/projects/list');
    expect(projectViewPath({ mode: 2, project: null, gateway: 'g1' })).toBe('/projects/list');
  });

  it('reopens the selected project in mode 1', () => {
    expect(projectViewPath({ mode: 1, project: 'p 1', gateway: null })).toBe('/projects/p%201');
  });

  it('reopens the gateway in mode 2, or its project when the gateway is missing', () => {
    expect(projectViewPath({ mode: 2, project: 'p1', gateway: '0a0b0c0d0e0f' })).toBe(
      '/projects/p1/gateway/0a0b0c0d0e0f',
    );
    expect(projectViewPath({ mode: 2, project: 'p1', gateway: null })).toBe('/projects/p1');
  });
});
