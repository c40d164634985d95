import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LATEST_VERSIONS } from '@atrium/contracts/version';
import { callAs } from '../../../test/fixtures';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let call: ReturnType<typeof callAs>;
beforeAll(async () => {
  t = await startTestServer();
  call = callAs(t.app);
});
afterAll(() => t.close());

describe('latest versions', () => {
  it('gives a version per type; administrators set them', async () => {
    const admin = await createUser(t.app, 'admin');
    const viewer = await createUser(t.app, 'viewer');
    expect((await call(viewer, 'GET', '/api/information/version')).json()).toEqual(
      DEFAULT_LATEST_VERSIONS,
    );
    const set = await call(admin, 'POST', '/api/information/version', {
      type: 'poolnx',
      version: '7.7.1',
    });
    expect(set.json()).toMatchObject({ poolnx: '7.7.1', kloudnx: DEFAULT_LATEST_VERSIONS.kloudnx });
    await call(admin, 'POST', '/api/information/version', { type: 'poolnx', version: '7.8.0' });
    expect((await call(viewer, 'GET', '/api/information/version')).json()).toMatchObject({
      poolnx: '7.8.0',
    });
    const supervisor = await createUser(t.app, 'supervisor');
    expect(
      (
        await call(supervisor, 'POST', '/api/information/version', {
          type: 'poolnx',
          version: '9.0',
        })
      ).statusCode,
    ).toBe(403);
    const bad = await call(admin, 'POST', '/api/information/version', {
      type: 'toaster',
      version: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives the version the new demo gateways get', async () => {
    const admin = await createUser(t.app, 'admin');
    await call(admin, 'POST', '/api/information/version', { type: 'kloudnx', version: '8.6.0' });
    const u = await createUser(t.app, 'user');
    const project = (await call(u, 'POST', '/api/project/create', { name: 'Demo home' })).json<{
      project: { _id: string };
    }>().project;
    const demo = await call(u, 'POST', '/api/gateway/virtual', { project: project._id });
    expect(demo.json()).toMatchObject({ gateway: { name: 'DEMO', version: '8.6.0' } });
  });
});

describe('information messages', () => {
  it('lists messages; administrators post and remove them', async () => {
    const admin = await createUser(t.app, 'admin');
    const u = await createUser(t.app, 'user');
    expect((await call(u, 'GET', '/api/information/message')).json()).toEqual({ messages: [] });
    const posted = await call(admin, 'POST', '/api/information/message', {
      color: 'warning',
      text: 'Maintenance tonight',
    });
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json<{ message: { id: string } }>().message;
    expect((await call(u, 'GET', '/api/information/message')).json()).toEqual({
      messages: [
        { id, color: 'warning', text: 'Maintenance tonight', textEn: null, expiresAt: null },
      ],
    });
    expect(
      (await call(u, 'POST', '/api/information/message', { color: 'red', text: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'POST', '/api/information/message', { color: 'red', text: '' }))
        .statusCode,
    ).toBe(400);
    expect((await call(admin, 'DELETE', `/api/information/message/${id}`)).json()).toEqual({
      message: 'success',
    });
    expect((await call(admin, 'DELETE', `/api/information/message/${id}`)).statusCode).toBe(404);
  });

  it('keeps French and English texts and leaves expired messages out', async () => {
    const admin = await createUser(t.app, 'admin');
    const u = await createUser(t.app, 'viewer');
    const future = Date.now() + 3_600_000;
    const both = await call(admin, 'POST', '/api/information/message', {
      color: '#ff9800',
      text: '{Maintenance} ce soir',
      textEn: 'Maintenance tonight',
      expiresAt: future,
    });
    expect(both.statusCode).toBe(201);
    const expired = await call(admin, 'POST', '/api/information/message', {
      color: 'info',
      text: 'Ancien',
      textEn: 'Old',
      expiresAt: Date.now() - 1000,
    });
    expect(expired.statusCode).toBe(201);
    const listed = (await call(u, 'GET', '/api/information/message')).json<{
      messages: unknown[];
    }>().messages;
    expect(listed).toEqual([
      {
        id: both.json<{ message: { id: string } }>().message.id,
        color: '#ff9800',
        text: '{Maintenance} ce soir',
        textEn: 'Maintenance tonight',
        expiresAt: future,
      },
    ]);
    expect(
      (
        await call(admin, 'POST', '/api/information/message', {
          color: 'info',
          text: 'x',
          expiresAt: 'tomorrow',
        })
      ).statusCode,
    ).toBe(400);
    for (const m of listed as { id: string }[]) {
      await call(admin, 'DELETE', `/api/information/message/${m.id}`);
    }
    await call(
      admin,
      'DELETE',
      `/api/information/message/${expired.json<{ message: { id: string } }>().message.id}`,
    );
  });
});
