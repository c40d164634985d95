import type { FastifyInstance } from 'fastify';
import { newId } from '../src/lib/ids';
import { meterRow, valueRow } from '../src/modules/modbus/modbus-rows';
import type { MatrixFixture, Sample } from './matrix-fixtures';
import { modulesOf } from './test-server';

/** A meter of the matrix project on its kloudnx gateway, with one value. */
export interface ModbusFixture {
  meter: string;
  value: string;
}

const network = { ip: '192.168.1.50', port: 502 };
const options = {
  registerAddress: 3000,
  wordLength: 2,
  functionCode: 3 as const,
  unitID: 1,
  scaleFactor: 1,
  dataType: 'FLOAT32' as const,
  swapBytes: false,
  swapWords: false,
};

export async function seedModbus(
  app: FastifyInstance,
  projectId: string,
  mac: string,
): Promise<ModbusFixture> {
  const now = Date.now();
  const meter = meterRow(projectId, newId(), { gatewayMac: mac, name: 'Matrix', network }, now);
  const value = valueRow(projectId, newId(), { meterId: meter.id, name: 'V', options }, mac, now);
  await modulesOf(app).modbus.repo.apply(projectId, { meters: [meter], values: [value] });
  return { meter: meter.id, value: value.id };
}

const onProject = (f: MatrixFixture, payload?: object): Sample => ({
  params: { id: f.project.id },
  ...(payload ? { payload } : {}),
});
const meter = (f: MatrixFixture) => ({ gatewayMac: f.gateway.mac, name: 'M', network });
const value = (f: MatrixFixture) => ({ meterId: f.modbus.meter, name: 'W', options });

/** One sample per Modbus route (document 3 §7). */
export const MODBUS_SAMPLES: Record<string, (f: MatrixFixture) => Sample> = {
  'GET /api/project/monitored/modbus/meters/:id': (f) => onProject(f),
  'POST /api/project/modbus/meter/:id': (f) => onProject(f, meter(f)),
  'PUT /api/project/modbus/meter/:id': (f) => onProject(f, { ...meter(f), id: f.modbus.meter }),
  'DELETE /api/project/modbus/meter/:id/:meterId': (f) => ({
    params: { id: f.project.id, meterId: f.modbus.meter },
  }),
  'GET /api/project/monitored/modbus/values/:id': (f) => onProject(f),
  'POST /api/project/monitored/modbus/values/:id': (f) => onProject(f, [value(f)]),
  'POST /api/project/modbus/value/:id': (f) => onProject(f, value(f)),
  'PUT /api/project/modbus/value/:id': (f) => onProject(f, { ...value(f), id: f.modbus.value }),
  'DELETE /api/project/modbus/value/:id/:valueId': (f) => ({
    params: { id: f.project.id, valueId: f.modbus.value },
  }),
  'GET /api/gateway/monitored/modbus/:id': (f) => ({ params: { id: f.gateway.mac } }),
  'POST /api/gateway/monitored/modbus/:id': (f) => ({
    params: { id: f.gateway.id },
    payload: [{ id: f.modbus.meter, name: 'Matrix', network, values: [] }],
  }),
  'POST /api/project/importCsv/:id': (f) => ({
    params: { id: f.project.id },
    csv:
      'gateway,meter,ip,port,name,registerAddress,wordLength,functionCode,unitID,scaleFactor,dataType\n' +
      `${f.gateway.mac},Imported ${newId().slice(0, 6)},10.0.0.2,502,Power,3000,2,3,1,1,FLOAT32\n`,
  }),
};
