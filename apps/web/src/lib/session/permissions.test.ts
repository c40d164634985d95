import { describe, expect, it } from 'vitest';
import { RANKS } from '@atrium/contracts/limits';
import {
  canAddProject,
  canDeleteProject,
  canEditProject,
  canImportCsv,
  canManageAccounts,
  canManageSubscriptions,
  canOpenBoss,
  canOpenCharts,
  isPartner,
} from './permissions';

const allowed = (rule: (rank: (typeof RANKS)[number]) => boolean) => RANKS.filter(rule);
const user = (rank: (typeof RANKS)[number], email = 'jo@example.com', team = 't1') => ({
  rank,
  email,
  team,
});
const none = { bossnx: 0, chartnx: 0 };

describe('rank rules (spec §6)', () => {
  it('follows the table', () => {
    expect(allowed(canAddProject)).toEqual(['supervisor', 'manager', 'user']);
    expect(allowed(canDeleteProject)).toEqual(['admin', 'supervisor', 'manager']);
    expect(allowed(canManageAccounts)).toEqual(['supervisor', 'manager']);
    expect(allowed(canImportCsv)).toEqual(['admin']);
  });

  it('hides subscriptions for the custhome team', () => {
    expect(canManageSubscriptions(user('manager'))).toBe(true);
    expect(canManageSubscriptions(user('manager', 'a@b.c', 'custhome'))).toBe(false);
    expect(canManageSubscriptions(user('user'))).toBe(false);
  });

  it('lets only owners who are not viewers edit a project', () => {
    expect(canEditProject('user', 'owner')).toBe(true);
    expect(canEditProject('admin', 'viewer')).toBe(false);
    expect(canEditProject('viewer', 'owner')).toBe(false);
  });
});

describe('dashboards (spec §6)', () => {
  it('recognises the partner domain, case-insensitively and only as the domain', () => {
    expect(isPartner('Jo@Partner.example', 'partner.example')).toBe(true);
    expect(isPartner('jo@notpartner.example', 'partner.example')).toBe(false);
    expect(isPartner('jo@partner.example', undefined)).toBe(false);
  });

  it('opens the boss dashboard for partners, admins or a bossnx licence', () => {
    expect(canOpenBoss(user('user'), none)).toBe(false);
    expect(canOpenBoss(user('admin'), none)).toBe(true);
    expect(canOpenBoss(user('user'), { bossnx: 1, chartnx: 0 })).toBe(true);
    expect(canOpenBoss(user('user', 'a@p.example'), none, 'p.example')).toBe(true);
  });

  it('opens chart dashboards for the same users or one chartnx licence or more', () => {
    expect(canOpenCharts(user('manager'), none)).toBe(false);
    expect(canOpenCharts(user('manager'), { bossnx: 1, chartnx: 0 })).toBe(false);
    expect(canOpenCharts(user('manager'), { bossnx: 0, chartnx: 2 })).toBe(true);
    expect(canOpenCharts(user('admin'), none)).toBe(true);
  });
});
