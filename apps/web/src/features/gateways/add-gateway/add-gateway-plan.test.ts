import { describe, expect, it } from 'vitest';
import { planAdd, stepAfterLookup } from './add-gateway-plan';

const gw = (project: string | null, projectName: string | null = null) => ({
  name: 'kloudnx-334455',
  initialized: false,
  project,
  projectName,
});

describe('planAdd (spec §4 Add gateway)', () => {
  it('names and claims a waiting gateway', () => {
    const plan = planAdd({ waiting: true, gw: gw(null) }, 'p1');
    expect(plan).toEqual({ kind: 'claim', suggestedName: 'kloudnx-334455' });
    expect(stepAfterLookup(plan)).toBe('name');
  });

  it('skips two steps for a gateway already in this project', () => {
    const plan = planAdd({ waiting: false, gw: gw('p1', 'Home') }, 'p1');
    expect(plan.kind).toBe('inProject');
    expect(stepAfterLookup(plan)).toBe('confirm');
  });

  it('offers to move a gateway of no project or of another project', () => {
    expect(planAdd({ waiting: false, gw: gw(null) }, 'p1')).toEqual({
      kind: 'move',
      name: 'kloudnx-334455',
      from: null,
    });
    const plan = planAdd({ waiting: false, gw: gw('p2', 'Office') }, 'p1');
    expect(plan).toEqual({
      kind: 'move',
      name: 'kloudnx-334455',
      from: { id: 'p2', name: 'Office' },
    });
    expect(stepAfterLookup(plan)).toBe('confirm');
  });
});
