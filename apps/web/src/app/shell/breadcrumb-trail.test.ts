import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumb-trail';

const labels = (path: string) => breadcrumbTrail(path).map((c) => c.labelKey.split('.')[1]);

describe('breadcrumbTrail', () => {
  it('labels the project area', () => {
    expect(labels('/projects/list')).toEqual(['home', 'projects']);
    expect(labels('/projects/p1')).toEqual(['home', 'projects', 'gateways']);
    expect(labels('/projects/p1/gateway/0a0b0c0d0e0f')).toEqual([
      'home',
      'projects',
      'gateways',
      'details',
    ]);
    expect(labels('/projects/p1/modbus-configuration-new/meters')).toEqual([
      'home',
      'projects',
      'gateways',
      'modbusConfiguration',
    ]);
    expect(labels('/projects/modbus-configuration/m1')).toEqual([
      'home',
      'projects',
      'modbusConfiguration',
    ]);
  });

  it('labels chart creation and modification', () => {
    expect(labels('/chartnx-generator/p1')).toEqual(['home', 'projects', 'gateways', 'creation']);
    expect(labels('/chartnx-generator/p1/d1')).toEqual([
      'home',
      'projects',
      'gateways',
      'modification',
    ]);
  });

  it('links every crumb but the last', () => {
    const trail = breadcrumbTrail('/projects/p%201/gateway/g1');
    expect(trail.map((c) => c.to)).toEqual([
      '/home',
      '/projects/list',
      '/projects/p%201',
      undefined,
    ]);
  });

  it('starts at the fleet home, which alone has no link', () => {
    expect(breadcrumbTrail('/home')).toEqual([{ labelKey: 'breadcrumb.home' }]);
    expect(breadcrumbTrail('/admin')[0]).toEqual({ labelKey: 'breadcrumb.home', to: '/home' });
  });

  it('labels patch notes and nothing for unknown areas', () => {
    expect(labels('/patch-notes')).toEqual(['home', 'patchNotes']);
    expect(labels('/welcome')).toEqual([]);
    expect(labels('/projects/%E0%A4%A/gateway/g1')).toEqual([
      'home',
      'projects',
      'gateways',
      'details',
    ]);
  });
});
