import { describe, expect, it } from 'vitest';
import type { DetailAccess } from './access';
import { detailButtons, type ButtonGateway } from './buttons';

const owner: DetailAccess = { isAdmin: false, isAdminOrPartner: false, readOnly: false };
const admin: DetailAccess = { isAdmin: true, isAdminOrPartner: true, readOnly: false };
const partner: DetailAccess = { isAdmin: false, isAdminOrPartner: true, readOnly: false };
const viewer: DetailAccess = { isAdmin: false, isAdminOrPartner: false, readOnly: true };

const gw = (over: Partial<ButtonGateway> = {}): ButtonGateway => ({
  type: 'kloudnx',
  version: '8.5.0',
  virtual: 0,
  addons: [],
  protect: false,
  ...over,
});
const ids = (g: ButtonGateway, access = owner, online = true) =>
  detailButtons(g, online, access).map((b) => b.id);
const disabled = (g: ButtonGateway, access: DetailAccess, online: boolean) =>
  Object.fromEntries(detailButtons(g, online, access).map((b) => [b.id, b.disabled]));

describe('buttons panel visibility (spec §2, §6)', () => {
  it('shows a kloudnx 8.5 remote, ETS, advanced, flow editor and link; custom proxy for admins', () => {
    expect(ids(gw())).toEqual(['remote', 'ets', 'advanced', 'flowEditor', 'link']);
    expect(ids(gw(), admin)).toContain('customProxy');
    expect(ids(gw(), partner)).toContain('customProxy');
  });

  it('gives kloudnx the link dialog from 8.1 and the custom proxy from 8.4', () => {
    expect(ids(gw({ version: '8.0.9' }))).not.toContain('link');
    expect(ids(gw({ version: '8.1.0' }))).toContain('link');
    expect(ids(gw({ version: '8.3.0' }), admin)).not.toContain('customProxy');
    expect(ids(gw({ version: '8.4' }), admin)).toContain('customProxy');
    expect(ids(gw({ version: null }), admin)).not.toContain('customProxy');
  });

  it('hides remote, ETS, advanced and custom proxy from viewers', () => {
    expect(ids(gw(), viewer)).toEqual(['flowEditor', 'link']);
    expect(ids(gw({ type: 'emergynx' }), viewer)).toEqual(['flowEditor', 'emergency']);
  });

  it('hides remote, advanced and custom proxy for virtual gateways; ETS only for real klocknx', () => {
    expect(ids(gw({ virtual: 1 }), admin)).toEqual(['ets', 'flowEditor', 'link']);
    expect(ids(gw({ type: 'klocknx' }))).toEqual(['remote', 'ets', 'advanced', 'link']);
    expect(ids(gw({ type: 'klocknx', virtual: 1 }))).toEqual(['link', 'transfer']);
    expect(ids(gw({ type: 'klocknx', virtual: 1 }), viewer)).toEqual(['link']);
  });

  it('shows the pool dialog for poolnx and the emergency dialog for emergynx or its addon', () => {
    expect(ids(gw({ type: 'poolnx' }))).toEqual(['remote', 'advanced', 'pool']);
    expect(ids(gw({ type: 'grafnx' }))).toEqual(['remote', 'advanced']);
    expect(ids(gw({ type: 'grafnx', addons: ['emergynx'] }))).toContain('emergency');
  });
});

describe('buttons panel disabled rules', () => {
  it('disables every button of a protected gateway, even for admins', () => {
    const states = disabled(gw({ protect: true }), admin, true);
    expect(Object.values(states).every((d) => d === 'protected')).toBe(true);
  });

  it('disables remote, ETS, advanced and flow editor while offline, except for admins', () => {
    expect(disabled(gw(), owner, false)).toEqual({
      remote: 'offline',
      ets: 'offline',
      advanced: 'offline',
      flowEditor: 'offline',
      link: null,
    });
    expect(Object.values(disabled(gw(), admin, false)).every((d) => d === null)).toBe(true);
    expect(Object.values(disabled(gw(), owner, true)).every((d) => d === null)).toBe(true);
  });
});
