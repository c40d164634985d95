import type { GatewayItem } from '@atrium/contracts/gateway';
import {
  DEFAULT_LOGGER,
  DEFAULT_NOTIFICATION,
  type GatewaySummary,
  type ProjectItem,
} from '@atrium/contracts/project';
import type { Account } from '@atrium/contracts/user';

/** A gateway row as GET /api/gateway/:project returns it: an online, initialised kloudnx. */
export const gatewayItem = (overrides: Partial<GatewayItem> = {}): GatewayItem => ({
  _id: 'g1',
  project: 'p1',
  projectName: 'Maison',
  name: 'Salon',
  mac: 'aabbccddeeff',
  sn: 'ABCD1234',
  type: 'kloudnx',
  version: '8.5.0',
  online: true,
  connection: true,
  virtual: 0,
  initialized: true,
  initpswds: true,
  waitingCerts: false,
  waitingUpdate: false,
  step: null,
  pooltype: null,
  addons: [],
  protect: false,
  pendingInit: false,
  ...overrides,
});

/** A gateway as a project lists it: an online kloudnx 8.5.0 of project p1. */
export const gatewaySummary = (overrides: Partial<GatewaySummary> = {}): GatewaySummary => ({
  mac: 'aabbccddee01',
  name: 'Salon',
  type: 'kloudnx',
  online: true,
  connection: true,
  version: '8.5.0',
  project: 'p1',
  ...overrides,
});

/** A project as GET /api/project/:id returns it, owned by the caller. */
export const projectItem = (overrides: Partial<ProjectItem> = {}): ProjectItem => ({
  _id: 'p1',
  name: 'Maison',
  team: 't1',
  role: 'owner',
  gateways: [],
  online: 0,
  connection: false,
  logger: DEFAULT_LOGGER,
  notification: DEFAULT_NOTIFICATION,
  licences: { bossnx: 0, chartnx: 0 },
  addons: [],
  features: [],
  createdAt: 0,
  ...overrides,
});

/** An account of the caller's team, as GET /api/user/accounts lists it. */
export const account = (email: string, rank: Account['rank']): Account => ({
  _id: `id-${email}`,
  email,
  name: email.split('@')[0] ?? email,
  rank,
  team: 't1',
  verified: true,
});
