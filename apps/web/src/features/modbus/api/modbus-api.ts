import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  MODBUS_LIMITS,
  modbusReadSpec,
  modbusWizardConfiguration,
  type ModbusMeter,
  type ModbusMeterBody,
  type ModbusValue,
  type ModbusValueBody,
  type ModbusWizardConfiguration,
} from '@atrium/contracts/modbus';
import { gatewayNamesReply } from '@atrium/contracts/project';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';

const enc = encodeURIComponent;

// The server answers what the contracts' interfaces describe; `enabled` is true when absent
// (document 3 §3) and `interval` takes its default, so older rows still read.
const meterSchema = z.object({
  id: z.string(),
  gatewayMac: z.string(),
  name: z.string(),
  network: z.object({ ip: z.string(), port: z.number() }),
  enabled: z.boolean().default(true),
  interval: z.number().default(MODBUS_LIMITS.defaultIntervalSeconds),
}) satisfies z.ZodType<ModbusMeter>;
const valueSchema = z.object({
  id: z.string(),
  meterId: z.string(),
  name: z.string(),
  unit: z.string().default(''),
  options: modbusReadSpec,
}) satisfies z.ZodType<ModbusValue>;

const metersReply = z.object({ meters: z.array(meterSchema) });
const meterReply = z.object({ meter: meterSchema });
const valuesReply = z.object({ values: z.array(valueSchema) });
const valueReply = z.object({ value: valueSchema });
const wizardReply = z.object({ configurations: z.array(modbusWizardConfiguration) });

/** The Modbus calls of document 3 §7 (project and gateway services). */
export const modbusApi = {
  gatewayNames: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/gateways/name/${enc(projectId)}`, { schema: gatewayNamesReply, signal })
      .then((r) => r.gateways),
  meters: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/monitored/modbus/meters/${enc(projectId)}`, {
        schema: metersReply,
        signal,
      })
      .then((r) => r.meters),
  saveMeter: (projectId: string, body: ModbusMeterBody) => {
    const path = `/api/project/modbus/meter/${enc(projectId)}`;
    const call = body.id ? api.put : api.post;
    return call(path, body, { schema: meterReply }).then((r) => r.meter);
  },
  deleteMeter: (projectId: string, meterId: string) =>
    api.delete(`/api/project/modbus/meter/${enc(projectId)}/${enc(meterId)}`),
  values: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/monitored/modbus/values/${enc(projectId)}`, {
        schema: valuesReply,
        signal,
      })
      .then((r) => r.values),
  saveValue: (projectId: string, body: ModbusValueBody) => {
    const path = `/api/project/modbus/value/${enc(projectId)}`;
    const call = body.id ? api.put : api.post;
    return call(path, body, { schema: valueReply }).then((r) => r.value);
  },
  deleteValue: (projectId: string, valueId: string) =>
    api.delete(`/api/project/modbus/value/${enc(projectId)}/${enc(valueId)}`),
  wizard: (mac: string, signal?: AbortSignal) =>
    api
      .get(`/api/gateway/monitored/modbus/${enc(mac)}`, { schema: wizardReply, signal })
      .then((r) => r.configurations),
  saveWizard: (mac: string, configurations: ModbusWizardConfiguration[]) =>
    api
      .post(`/api/gateway/monitored/modbus/${enc(mac)}`, configurations, { schema: wizardReply })
      .then((r) => r.configurations),
};

export const gatewayNamesQuery = (projectId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.gatewayNames(projectId),
    queryFn: ({ signal }) => modbusApi.gatewayNames(projectId, signal),
  });

export const metersQuery = (projectId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.modbusMeters(projectId),
    queryFn: ({ signal }) => modbusApi.meters(projectId, signal),
  });

export const valuesQuery = (projectId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.modbusValues(projectId),
    queryFn: ({ signal }) => modbusApi.values(projectId, signal),
  });

export const wizardQuery = (mac: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.modbusWizard(mac),
    queryFn: ({ signal }) => modbusApi.wizard(mac, signal),
  });
