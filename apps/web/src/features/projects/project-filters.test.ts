import { describe, expect, it } from 'vitest';
import {
  filterProjects,
  filtersFromQuery,
  hasProjectFilters,
  NO_PROJECT_FILTERS,
  projectLabel,
  sortProjects,
  type ProjectFilters,
} from './project-filters';

const projects = [
  {
    name: 'Éco-quartier',
    online: 2,
    features: ['monitoring', 'bossnx'],
    gateways: [{ type: 'kloudnx' }],
  },
  {
    name: 'Piscine Martin',
    online: 1,
    features: ['monitoring'],
    gateways: [{ type: 'poolnx' }, { type: 'kloudnx' }],
  },
  { name: 'Bureau', online: 0, features: ['bossnx', 'chartnx'], gateways: [{ type: 'klocknx' }] },
  { name: 'Vide', online: 0, features: [], gateways: [] },
] as const;
const names = (list: readonly { name: string }[]) => list.map((p) => p.name);
const filter = (f: Partial<ProjectFilters>) =>
  names(filterProjects(projects, { ...NO_PROJECT_FILTERS, ...f }));

describe('filterProjects (spec §2 Projects list)', () => {
  it('searches the name, ignoring case and accents', () => {
    expect(filter({ search: 'eco' })).toEqual(['Éco-quartier']);
    expect(filter({ search: ' PISCINE ' })).toEqual(['Piscine Martin']);
  });

  it('keeps projects with a gateway of a chosen type', () => {
    expect(filter({ types: ['kloudnx'] })).toEqual(['Éco-quartier', 'Piscine Martin']);
    expect(filter({ types: ['poolnx', 'klocknx'] })).toEqual(['Piscine Martin', 'Bureau']);
  });

  it('filters on the online indicator', () => {
    expect(filter({ online: ['0'] })).toEqual(['Bureau', 'Vide']);
    expect(filter({ online: ['2', '1'] })).toEqual(['Éco-quartier', 'Piscine Martin']);
  });

  it('combines features inclusively (any) or exclusively (all)', () => {
    const features = ['monitoring', 'bossnx'] as const;
    expect(filter({ features: [...features], rule: 'inclusive' })).toEqual([
      'Éco-quartier',
      'Piscine Martin',
      'Bureau',
    ]);
    expect(filter({ features: [...features], rule: 'exclusive' })).toEqual(['Éco-quartier']);
  });

  it('knows when filters are set', () => {
    expect(hasProjectFilters(NO_PROJECT_FILTERS)).toBe(false);
    expect(hasProjectFilters({ ...NO_PROJECT_FILTERS, rule: 'exclusive' })).toBe(false);
    expect(hasProjectFilters({ ...NO_PROJECT_FILTERS, online: ['1'] })).toBe(true);
  });
});

describe('projects list labels', () => {
  it('prefixes [VIEW] for the viewer role only', () => {
    expect(projectLabel({ name: 'Bureau', role: 'viewer' })).toBe('[VIEW] Bureau');
    expect(projectLabel({ name: 'Bureau', role: 'owner' })).toBe('Bureau');
  });

  it('sorts by name, naturally', () => {
    expect(names(sortProjects([{ name: 'b10' }, { name: 'B9' }, { name: 'a' }]))).toEqual([
      'a',
      'B9',
      'b10',
    ]);
  });
});

describe('filtersFromQuery', () => {
  it('reads the online levels and gateway types a link asks for, leaving out the unknown', () => {
    const f = filtersFromQuery(new URLSearchParams('online=0,1,7&types=kloudnx,toaster'));
    expect(f).toEqual({ ...NO_PROJECT_FILTERS, online: ['1', '0'], types: ['kloudnx'] });
    expect(filter(f)).toEqual(['Piscine Martin']);
    expect(filtersFromQuery(new URLSearchParams(''))).toEqual(NO_PROJECT_FILTERS);
  });
});
