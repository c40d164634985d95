import { queryOptions } from '@tanstack/react-query';
import {
  modbusMeterReply,
  modbusMetersReply,
  modbusRemovedReply,
  modbusValueReply,
  modbusValuesReply,
  modbusWizardReply,
  modbusWizardSaveReply,
  type ModbusMeterBody,
  type ModbusValueBody,
  type ModbusWizardConfiguration,
} from '@atrium/contracts/modbus';
import { gatewayNamesReply } from '@atrium/contracts/project';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { notify } from '../../../ui/snackbar';

const enc = encodeURIComponent;

/**
 * The Modbus calls of document 3 §7 (project and gateway services). The writes answer `sent`:
 * false when a gateway concerned could not be told now (see notifyUnsent).
 */
export const modbusApi = {
  gatewayNames: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/gateways/name/${enc(projectId)}`, { schema: gatewayNamesReply, signal })
      .then((r) => r.gateways),
  meters: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/monitored/modbus/meters/${enc(projectId)}`, {
        schema: modbusMetersReply,
        signal,
      })
      .then((r) => r.meters),
  saveMeter: (projectId: string, body: ModbusMeterBody) => {
    const path = `/api/project/modbus/meter/${enc(projectId)}`;
    const call = body.id ? api.put : api.post;
    return call(path, body, { schema: modbusMeterReply });
  },
  deleteMeter: (projectId: string, meterId: string) =>
    api.delete(`/api/project/modbus/meter/${enc(projectId)}/${enc(meterId)}`, {
      schema: modbusRemovedReply,
    }),
  values: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/monitored/modbus/values/${enc(projectId)}`, {
        schema: modbusValuesReply,
        signal,
      })
      .then((r) => r.values),
  saveValue: (projectId: string, body: ModbusValueBody) => {
    const path = `/api/project/modbus/value/${enc(projectId)}`;
    const call = body.id ? api.put : api.post;
    return call(path, body, { schema: modbusValueReply });
  },
  deleteValue: (projectId: string, valueId: string) =>
    api.delete(`/api/project/modbus/value/${enc(projectId)}/${enc(valueId)}`, {
      schema: modbusRemovedReply,
    }),
  wizard: (mac: string, signal?: AbortSignal) =>
    api
      .get(`/api/gateway/monitored/modbus/${enc(mac)}`, { schema: modbusWizardReply, signal })
      .then((r) => r.list),
  saveWizard: (mac: string, configurations: ModbusWizardConfiguration[]) =>
    api.post(`/api/gateway/monitored/modbus/${enc(mac)}`, configurations, {
      schema: modbusWizardSaveReply,
    }),
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

/** A write the gateway will only get when it next connects says so. */
export function notifyUnsent(reply: { sent: boolean }): void {
  if (!reply.sent) notify.info('modbus.notSent', { duration: 5000 });
}
