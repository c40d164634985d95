import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectItem } from '@atrium/contracts/project';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { seedDemo } from './demo';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('gives the demo team projects with gateways of mixed types and states, and waiting gateways', async () => {
    expect(await seedDemo(t.app)).toBe(true);
    const user = await t.app.services.usersRepo.findByEmail('user@atrium.demo');
    if (!user) throw new Error('no demo user');
    const token = await t.app.services.tokens.sign(user);
    const res = await t.app.inject({ url: '/api/project', headers: bearer(token) });
    const projects = res.json<{ projects: ProjectItem[] }>().projects;
    expect(projects.map((p) => [p.name, p.online, p.gateways.length])).toEqual([
      ['Bureaux Lyon', 1, 4],
      ['Chantier Nantes', 2, 1],
      ['Villa Rose', 1, 3],
    ]);
    const waiting = await t.app.inject({
      url: '/api/gateway/waiting?mac=A4:B1:C2:00:00:01&sn=DEMO0001',
      headers: bearer(token),
    });
    expect(waiting.json()).toMatchObject({ waiting: true });
    expect(await seedDemo(t.app)).toBe(false);
  });
});
