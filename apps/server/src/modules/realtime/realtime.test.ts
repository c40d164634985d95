import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@atrium/contracts/hub';
import { addViewer, callAs } from '../../../test/fixtures';
import { consoleSocket, startHubWithProject, type HubWithProject } from '../../../test/hub-helpers';
import { tokenIn } from '../../../test/mailbox';
import { createUser } from '../../../test/test-server';

let hub: HubWithProject;
let call: ReturnType<typeof callAs>;
beforeAll(async () => {
  hub = await startHubWithProject();
  call = callAs(hub.t.app);
});
afterAll(() => hub.t.close());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

/** A console socket joined to the hub's project, kept for closing. */
async function joined(token: string) {
  const { socket, joined: reply } = await consoleSocket(hub.baseUrl, token, hub.project.id);
  sockets.push(socket);
  expect(reply).toMatchObject({ ok: true });
  return socket;
}

/** Emits a state event of the project and tells whether `socket` received it within 300 ms. */
async function hears(socket: Socket) {
  const mac = `m${Date.now()}`;
  const heard = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 300);
    socket.on(SOCKET_EVENTS.state, (e: { mac: string }) => {
      if (e.mac !== mac) return;
      clearTimeout(timer);
      resolve(true);
    });
  });
  hub.t.modules.hub.events.emit('state', {
    project: hub.project.id,
    mac,
    online: true,
    lastOnline: null,
    lastConnection: null,
  });
  return heard;
}

const disconnected = (socket: Socket) =>
  new Promise<boolean>((resolve) => {
    if (socket.disconnected) return resolve(true);
    const timer = setTimeout(() => resolve(false), 2_000);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe('live events follow access (decision 0016)', () => {
  it('stops the project events of a viewer once removed from the project', async () => {
    const guest = await createUser(hub.t.app, 'viewer');
    const add = `/api/project/viewer/add/${hub.project.id}`;
    expect((await call(hub.owner, 'POST', add, { email: guest.email })).statusCode).toBe(200);
    const socket = await joined(guest.token);
    const owners = await joined(hub.owner.token);
    expect(await hears(socket)).toBe(true);
    const remove = `/api/project/viewer/remove/${hub.project.id}`;
    expect((await call(hub.owner, 'POST', remove, { emails: [guest.email] })).statusCode).toBe(200);
    expect(await hears(socket)).toBe(false);
    // The owner still may read the project: still in the room.
    expect(await hears(owners)).toBe(true);
  });

  it('closes the sockets of a deleted viewer account', async () => {
    const viewer = await createUser(hub.t.app, 'viewer', hub.owner.team);
    await addViewer(hub.t.app, hub.project.id, viewer.id);
    const socket = await joined(viewer.token);
    const gone = disconnected(socket);
    const boss = await createUser(hub.t.app, 'supervisor', hub.owner.team);
    const res = await call(boss, 'POST', '/api/user/viewers/delete', { emails: [viewer.email] });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe(true);
  });

  it("closes a user's sockets when their password is reset", async () => {
    const socket = await joined(hub.owner.token);
    const gone = disconnected(socket);
    const before = hub.t.mailbox.countTo(hub.owner.email);
    await hub.t.app.inject({
      method: 'POST',
      url: '/api/user/password/forgot',
      payload: { email: hub.owner.email },
    });
    const token = tokenIn(
      await hub.t.mailbox.waitFor(hub.owner.email, before + 1),
      'forgotPassword',
    );
    const reset = await hub.t.app.inject({
      method: 'POST',
      url: '/api/user/password/reset',
      payload: { token, password: 'An0ther!pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await gone).toBe(true);
  });
});
