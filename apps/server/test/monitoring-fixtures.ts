import type { FastifyInstance } from 'fastify';
import { modulesOf } from './test-server';

/** A small ETS 5/6 group-address export: two temperatures, a switch and an address without DPT. */
export const ETS_XML = [
  '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
  '<GroupAddress-Export xmlns="http://knx.org/xml/ga-export/01">',
  '  <GroupRange Name="Heating" RangeStart="2048" RangeEnd="4095">',
  '    <GroupRange Name="Temperatures" RangeStart="2304" RangeEnd="2559">',
  '      <GroupAddress Name="Living room" Address="1/1/1" DPTs="DPST-9-1" />',
  '      <GroupAddress Name="Kitchen" Address="1/1/2" DPTs="DPST-9-1" />',
  '      <GroupAddress Name="Boiler on" Address="1/1/3" DPTs="DPST-1-1" />',
  '      <GroupAddress Name="Untyped" Address="1/1/4" />',
  '      <GroupAddress Name="Colour" Address="1/1/5" DPTs="DPST-251-600" />',
  '    </GroupRange>',
  '  </GroupRange>',
  '</GroupAddress-Export>',
  '',
].join('\r\n');

/**
 * What the monitoring routes need to answer 2xx: an ETS file for the project,
 * address 1/1/1 recorded by the gateway, and a favorite named `Matrix`.
 */
export async function seedMonitoring(app: FastifyInstance, projectId: string, mac: string) {
  const m = modulesOf(app).monitoring;
  await m.ets.upload(projectId, { name: 'matrix.xml', bytes: Buffer.from(ETS_XML) });
  await m.monitored.setGateway(mac, [{ address: '1/1/1' }]);
  await m.favorites.add(projectId, { name: 'Matrix', list: ['1/1/1'], display: '1/1/1' });
}
