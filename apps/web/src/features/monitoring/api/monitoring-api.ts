import { thresholdsReply, type ThresholdInput } from '@atrium/contracts/alerts';
import {
  etsDeleteReply,
  etsInfosReply,
  etsSimplifiedReply,
  etsUploadReply,
  gatewayEtsReply,
  gatewayMonitorReply,
  loggerOptionsReply,
  loggerReply,
  monitoredResetReply,
  projectMonitoredCountReply,
  projectMonitoredReply,
  voltageReply,
} from '@atrium/contracts/monitoring';
import { api } from '../../../lib/api/client';
import { queryById } from '../../../lib/api/query-by-id';
import { QUERY_KEYS } from '../../../lib/api/query-keys';

const enc = encodeURIComponent;

export interface VoltageSettings {
  activate: boolean;
  minimum: number | null;
  maximum: number | null;
}

/**
 * ETS, monitored-address and logger calls (spec document 2 §7, document 3 §7); the project
 * itself is read through lib/api/project-query.
 */
export const monitoringApi = {
  etsInfos: (id: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/ets/infos/${enc(id)}`, { schema: etsInfosReply, signal })
      .then((r) => r.infos),
  /** The ETS file; `password` (a protected .knxproj) goes first, for the read only. */
  uploadEts: (id: string, file: File, password?: string) => {
    const form = new FormData();
    if (password !== undefined && password !== '') form.append('password', password);
    form.append('file', file, file.name);
    return api.upload(`/api/project/ets/update/${enc(id)}`, form, { schema: etsUploadReply });
  },
  deleteEts: (id: string) =>
    api.delete(`/api/project/ets/delete/${enc(id)}`, { schema: etsDeleteReply }),
  resetMonitored: (id: string) =>
    api.delete(`/api/project/monitored/${enc(id)}`, { schema: monitoredResetReply }),
  projectMonitored: (id: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/monitored/${enc(id)}`, { schema: projectMonitoredReply, signal })
      .then((r) => r.monitored),
  monitoredCount: (id: string, signal?: AbortSignal) =>
    api.get(`/api/project/monitored/count/${enc(id)}`, {
      schema: projectMonitoredCountReply,
      signal,
    }),
  gatewayEts: (mac: string, signal?: AbortSignal) =>
    api.get(`/api/gateway/ets/${enc(mac)}`, { schema: gatewayEtsReply, signal }),
  setGatewayMonitored: (mac: string, addresses: string[]) =>
    api.post(
      `/api/gateway/monitored/${enc(mac)}`,
      { monitor: addresses.map((address) => ({ address })) },
      { schema: gatewayMonitorReply },
    ),
  pause: (id: string, pause: boolean) =>
    api.post(`/api/project/logs/pause/${enc(id)}`, { pause }, { schema: loggerReply }),
  voltage: (id: string, body: VoltageSettings) =>
    api.post(`/api/project/voltage/options/${enc(id)}`, body, { schema: voltageReply }),
  etsSimplified: (id: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/ets/simplified/${enc(id)}`, { schema: etsSimplifiedReply, signal })
      .then((r) => r.addresses),
  thresholds: (id: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/logs/options/${enc(id)}?projections=thresholds,maxThresholds`, {
        schema: loggerOptionsReply,
        signal,
      })
      .then((r) => ({
        thresholds: r.logger.thresholds ?? [],
        maxThresholds: r.logger.maxThresholds ?? 0,
      })),
  /** The whole list: a rule left out is removed, `_id` keeps an existing one. */
  setThresholds: (id: string, thresholds: ThresholdInput[]) =>
    api
      .post(`/api/project/logs/thresholds/${enc(id)}`, { thresholds }, { schema: thresholdsReply })
      .then((r) => r.thresholds),
};

// Read while a monitoring dialog is open; not polled. Changes invalidate QUERY_KEYS.monitoring.

/** The project's ETS file summary. */
export const etsInfosQuery = queryById(QUERY_KEYS.etsInfos, monitoringApi.etsInfos);

/** The project's monitored addresses (graph dialog). */
export const projectMonitoredQuery = queryById(
  QUERY_KEYS.projectMonitored,
  monitoringApi.projectMonitored,
);

/** How many addresses the project monitors, and its limit. */
export const monitoredCountQuery = queryById(
  QUERY_KEYS.monitoredCount,
  monitoringApi.monitoredCount,
);

/** One gateway's ETS addresses with what is monitored (monitored-addresses dialog). */
export const gatewayEtsQuery = queryById(QUERY_KEYS.gatewayEts, monitoringApi.gatewayEts);

/** The project's ETS addresses as a flat list (address, name, DPT): the thresholds' choices. */
export const etsAddressesQuery = queryById(
  (id) => [...QUERY_KEYS.monitoring, 'etsSimplified', id],
  monitoringApi.etsSimplified,
);

/** The project's thresholds and its plan's maximum (thresholds dialog). */
export const thresholdsQuery = queryById(
  (id) => [...QUERY_KEYS.monitoring, 'thresholds', id],
  monitoringApi.thresholds,
);
