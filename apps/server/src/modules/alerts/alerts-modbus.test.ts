import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { AlertsReply } from '@atrium/contracts/alerts';
import { PROTOCOL_VERSION, topicOf } from '@atrium/contracts/gateway-protocol';
import { modbusMeasurement } from '@atrium/contracts/graph';
import { connectAs, startHubWithProject, type HubWithProject } from '../../../test/hub-helpers';
import { addMeter, addValue, call, codeOf, valueBody } from '../modbus/modbus.testing';
import { arm, notificationsBody, settled } from './alerts.testing';

/**
 * Issue 14 point 2 on Modbus: readings published by a gateway on `nx/{mac}/modbus` cross a
 * threshold on one of its values; the alert carries the value's unit, the mail its name.
 */
let hub: HubWithProject;
let client: MqttClient | undefined;
beforeAll(async () => {
  hub = await startHubWithProject(() => ({ ALERT_OUTBOX_POLL_MS: '100' }));
});
afterAll(async () => {
  await client?.endAsync();
  await hub.t.close();
});

/** A kloudnx of the project with a meter "Compteur général" and its value "Puissance" (W). */
async function meteredGateway() {
  const { t, owner, project } = hub;
  const gw = await hub.newGateway({ type: 'kloudnx' });
  const meterId = await addMeter(t.app, owner, project.id, {
    gatewayMac: gw.mac,
    name: 'Compteur général',
    network: { ip: '192.168.1.50', port: 502 },
  });
  const valueId = await addValue(
    t.app,
    owner,
    project.id,
    valueBody(meterId, { name: 'Puissance', unit: 'W' }),
  );
  return { gw, valueId };
}

const powerThreshold = (mac: string, valueId: string, over: object = {}) => ({
  name: 'Puissance haute',
  gateway: mac,
  address: modbusMeasurement(valueId),
  dpt: '',
  type: '>',
  value: 2000,
  enabled: true,
  ...over,
});

/** Publishes readings of one value (QoS 1): resolves on the PUBACK, once stored. */
const publishReadings = (c: MqttClient, mac: string, valueId: string, readings: number[][]) =>
  c.publishAsync(
    topicOf(mac, 'modbus'),
    JSON.stringify({
      v: PROTOCOL_VERSION,
      seq: 0,
      items: readings.map(([v = 0, at = 0]) => ({ meter: 'm', value: valueId, v, t: at })),
    }),
    { qos: 1 },
  );

describe('thresholds on Modbus values', () => {
  it('raise one alert with the value and its unit, clear it once, and mail both', async () => {
    const { t, owner, project } = hub;
    const { gw, valueId } = await meteredGateway();
    const mail = `modbus-${gw.mac}@example.com`;
    await arm(t.app, owner, project.id, {
      thresholds: [powerThreshold(gw.mac, valueId)],
      notification: notificationsBody({ mail, language: 'en' }),
    });
    client = await connectAs(hub.broker, gw.mac, gw.secret);
    const t0 = Date.now() - 60_000;
    // 1,990 is within the band (2,000 - 1 %): still open; 1,900 clears it.
    await publishReadings(client, gw.mac, valueId, [
      [1500, t0],
      [2100, t0 + 1000],
    ]);
    for (const [i, v] of [2050, 1990, 2200].entries())
      await publishReadings(client, gw.mac, valueId, [[v, t0 + 2000 + i * 1000]]);
    await publishReadings(client, gw.mac, valueId, [[1900, t0 + 6000]]);
    await settled(t);
    const raised = await t.mailbox.waitFor(mail, 1);
    expect(raised.body).toContain('Threshold crossed');
    expect(raised.body).toContain('Compteur général – Puissance');
    expect(raised.body).toContain('2,100 W');
    expect(raised.body).not.toContain(modbusMeasurement(valueId));
    const cleared = await t.mailbox.waitFor(mail, 2);
    expect(cleared.body).toContain('Back to normal');
    expect(cleared.body).toContain('1,900 W');
    expect(t.mailbox.countTo(mail)).toBe(2);

    const res = await call(t.app, owner, 'GET', `/api/alerts/project/${project.id}`);
    const reply = res.json<AlertsReply>();
    expect(reply.open).toBe(0);
    expect(reply.alerts).toHaveLength(1);
    expect(reply.alerts[0]).toMatchObject({
      kind: 'threshold',
      rule: 'Puissance haute',
      address: modbusMeasurement(valueId),
      addressName: 'Compteur général – Puissance',
      value: 2100,
      unit: 'W',
      clearValue: 1900,
    });
    const queued = await t.app.db
      .selectFrom('alert_notifications')
      .select(['channel', 'transition', 'status'])
      .where('project_id', '=', project.id)
      .orderBy('created_at')
      .execute();
    expect(queued.map((n) => [n.channel, n.transition, n.status])).toEqual([
      ['email', 'raised', 'sent'],
      ['email', 'cleared', 'sent'],
    ]);
  }, 30_000);

  it('refuses a value unknown to the project or read by another gateway (404 cannotFindAddress)', async () => {
    const { t, owner, project } = hub;
    const { gw, valueId } = await meteredGateway();
    const other = await hub.newGateway({ type: 'kloudnx' });
    const save = (threshold: object) =>
      call(t.app, owner, 'POST', `/api/project/logs/thresholds/${project.id}`, {
        thresholds: [threshold],
      });
    expect(codeOf(await save(powerThreshold(other.mac, valueId)))).toEqual([
      404,
      'cannotFindAddress',
    ]);
    expect(codeOf(await save(powerThreshold(gw.mac, 'unknown')))).toEqual([
      404,
      'cannotFindAddress',
    ]);
    expect(codeOf(await save(powerThreshold(gw.mac, valueId, { dpt: '9.001' })))).toEqual([
      400,
      'invalidDPT',
    ]);
    const ok = await save(powerThreshold(gw.mac, valueId, { type: '<', value: 5 }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      thresholds: [{ address: modbusMeasurement(valueId), dpt: '', type: '<', value: 5 }],
    });
  });
});
