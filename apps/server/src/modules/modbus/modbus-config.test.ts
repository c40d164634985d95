import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicOf } from '@atrium/contracts/gateway-protocol';
import {
  connectAs,
  startAgent,
  startHubWithProject,
  waitFor,
  type HubWithProject,
} from '../../../test/hub-helpers';
import type { TestServer, TestUser } from '../../../test/test-server';
import { addMeter, call, meterBody, valueBody } from './modbus.testing';

let t: TestServer;
let broker: string;
let owner: TestUser;
let project: { id: string };
let newGateway: HubWithProject['newGateway'];

beforeAll(async () => {
  ({ t, broker, owner, project, newGateway } = await startHubWithProject());
});
afterAll(() => t.close());

// A meter nobody answers on: the agent's polls fail at once, which is not what is tested here.
const closedPort = { ip: '127.0.0.1', port: 9 };
const pending = (gatewayId: string) => t.modules.modbus.repo.isPending(gatewayId);

interface Command {
  id: string;
  name: string;
  args: { meters: { id: string; values: { id: string }[] }[] };
}

/** A gateway as a bare MQTT client that answers every command with `ok`, recording them. */
async function bareGateway(gw: { mac: string; secret: string }, ok: boolean) {
  const client: MqttClient = await connectAs(broker, gw.mac, gw.secret);
  const commands: Command[] = [];
  client.on('message', (_topic, payload) => {
    const cmd = JSON.parse(payload.toString()) as Command;
    commands.push(cmd);
    const reply = ok
      ? { v: PROTOCOL_VERSION, id: cmd.id, ok: true }
      : { v: PROTOCOL_VERSION, id: cmd.id, ok: false, error: { code: 'busy', message: 'busy' } };
    void client.publishAsync(topicOf(gw.mac, 'reply'), JSON.stringify(reply), { qos: 1 });
  });
  await client.subscribeAsync(topicOf(gw.mac, 'cmd'), { qos: 1 });
  await client.publishAsync(topicOf(gw.mac, 'state'), 'online', { qos: 1, retain: true });
  await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
  const configs = () => commands.filter((c) => c.name === 'modbus.config');
  return { client, configs };
}

describe('modbus.config', () => {
  it('reaches an online simulated gateway at once, enabled meters only', async () => {
    const gw = await newGateway({ type: 'kloudnx' });
    const agent = startAgent(broker, { ...gw, type: 'kloudnx' });
    await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
    const url = `/api/project/modbus/meter/${project.id}`;
    const res = await call(t.app, owner, 'POST', url, meterBody(gw.mac, { network: closedPort }));
    expect(res.json()).toMatchObject({ sent: true });
    const meterId = res.json<{ meter: { id: string } }>().meter.id;
    expect(agent.modbus.meterCount).toBe(1);
    expect(await pending(gw.id)).toBe(false);
    const off = { ...meterBody(gw.mac, { network: closedPort, enabled: false }), id: meterId };
    expect((await call(t.app, owner, 'PUT', url, off)).json()).toMatchObject({ sent: true });
    expect(agent.modbus.meterCount).toBe(0);
    await agent.stop();
  });

  it('waits for an offline gateway and reaches it when it connects', async () => {
    const gw = await newGateway({ type: 'kloudnx' });
    const meterId = await addMeter(
      t.app,
      owner,
      project.id,
      meterBody(gw.mac, { network: closedPort }),
    );
    expect(await pending(gw.id)).toBe(true);
    const agent = startAgent(broker, { ...gw, type: 'kloudnx' });
    await waitFor(() => agent.modbus.meterCount === 1);
    await waitFor(async () => !(await pending(gw.id)));
    expect(await t.modules.modbus.repo.meter(project.id, meterId)).toBeDefined();
    await agent.stop();
  });

  it('sends ids as stored; a refusal fails no save, stays pending and is sent again on arrival', async () => {
    const gw = await newGateway({ type: 'kloudnx' });
    const refusing = await bareGateway(gw, false);
    const meterId = await addMeter(
      t.app,
      owner,
      project.id,
      meterBody(gw.mac, { network: closedPort }),
    );
    const res = await call(
      t.app,
      owner,
      'POST',
      `/api/project/modbus/value/${project.id}`,
      valueBody(meterId),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: false });
    const valueId = res.json<{ value: { id: string } }>().value.id;
    expect(await pending(gw.id)).toBe(true);
    expect(refusing.configs().at(-1)?.args).toMatchObject({
      meters: [{ id: meterId, ip: '127.0.0.1', port: 9, interval: 10, values: [{ id: valueId }] }],
    });
    await refusing.client.endAsync();
    const accepting = await bareGateway(gw, true);
    await waitFor(() => accepting.configs().length === 1);
    await waitFor(async () => !(await pending(gw.id)));
    expect(accepting.configs()[0]?.args.meters[0]?.values[0]?.id).toBe(valueId);
    // Deleting the meter sends an empty configuration.
    const del = `/api/project/modbus/meter/${project.id}/${meterId}`;
    expect((await call(t.app, owner, 'DELETE', del)).json()).toEqual({ removed: true, sent: true });
    expect(accepting.configs().at(-1)?.args).toEqual({ meters: [] });
    await accepting.client.endAsync();
  });
});
