import { useQuery } from '@tanstack/react-query';
import {
  etsDeleteReply,
  etsInfosReply,
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
import { projectReply } from '@atrium/contracts/project';
import { api } from '../../lib/api/client';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { MONITORING_KEYS } from './monitoring-keys';

const enc = encodeURIComponent;

export interface VoltageSettings {
  activate: boolean;
  minimum: number | null;
  maximum: number | null;
}

/** ETS, monitored-address and logger calls (spec document 2 §7, document 3 §7). */
export const monitoringApi = {
  project: (id: string, signal?: AbortSignal) =>
    api.get(`/api/project/${enc(id)}`, { schema: projectReply, signal }).then((r) => r.project),
  etsInfos: (id: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/ets/infos/${enc(id)}`, { schema: etsInfosReply, signal })
      .then((r) => r.infos),
  uploadEts: (id: string, file: File) => {
    const form = new FormData();
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
  logger: (id: string, signal?: AbortSignal) =>
    api
      .get(`/api/project/logs/options/${enc(id)}`, { schema: loggerOptionsReply, signal })
      .then((r) => r.logger),
  pause: (id: string, pause: boolean) =>
    api.post(`/api/project/logs/pause/${enc(id)}`, { pause }, { schema: loggerReply }),
  voltage: (id: string, body: VoltageSettings) =>
    api.post(`/api/project/voltage/options/${enc(id)}`, body, { schema: voltageReply }),
};

/** The project (shared cache with the projects feature: same key, same call). */
export function useMonitoringProject(id: string) {
  return useQuery({
    queryKey: QUERY_KEYS.project(id),
    queryFn: ({ signal }) => monitoringApi.project(id, signal),
  });
}

export function useEtsInfos(projectId: string) {
  return useQuery({
    queryKey: MONITORING_KEYS.etsInfos(projectId),
    queryFn: ({ signal }) => monitoringApi.etsInfos(projectId, signal),
  });
}

export function useProjectMonitored(projectId: string) {
  return useQuery({
    queryKey: MONITORING_KEYS.projectMonitored(projectId),
    queryFn: ({ signal }) => monitoringApi.projectMonitored(projectId, signal),
  });
}

export function useMonitoredCount(projectId: string) {
  return useQuery({
    queryKey: MONITORING_KEYS.monitoredCount(projectId),
    queryFn: ({ signal }) => monitoringApi.monitoredCount(projectId, signal),
  });
}

export function useLogger(projectId: string) {
  return useQuery({
    queryKey: MONITORING_KEYS.logger(projectId),
    queryFn: ({ signal }) => monitoringApi.logger(projectId, signal),
  });
}
