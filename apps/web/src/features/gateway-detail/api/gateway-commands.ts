import type { z } from 'zod';
import type { POOL_TYPES } from '@atrium/contracts/gateway';
import type { UpdateBranch } from '@atrium/contracts/gateway-protocol';
import {
  commandReply,
  type configPasswordBody,
  type initPasswordsBody,
  type noderedPasswordBody,
} from '@atrium/contracts/hub';
import { api } from '../../../lib/api/client';

const enc = encodeURIComponent;
const reply = { schema: commandReply };

/** Gateway service calls that become commands to the device (document 3 §7). */
export const gatewayCommands = {
  reboot: (mac: string) => api.get(`/api/gateway/reboot/${enc(mac)}`, reply),
  update: (mac: string, branch: UpdateBranch) =>
    api.get(`/api/gateway/update/${enc(mac)}/${branch}`, reply),
  configPassword: (mac: string, body: z.input<typeof configPasswordBody>) =>
    api.post(`/api/gateway/config/password/${enc(mac)}`, body, reply),
  noderedPassword: (mac: string, body: z.input<typeof noderedPasswordBody>) =>
    api.post(`/api/gateway/nodered/password/${enc(mac)}`, body, reply),
  noderedRestart: (mac: string) => api.get(`/api/gateway/nodered/restart/${enc(mac)}`, reply),
  noderedUpdate: (mac: string) => api.get(`/api/gateway/nodered/update/${enc(mac)}`, reply),
  initPasswords: (mac: string, body: z.input<typeof initPasswordsBody>) =>
    api.post(`/api/gateway/initpasswords/${enc(mac)}`, body, reply),
  poolType: (mac: string, pool: (typeof POOL_TYPES)[number]) =>
    api.post(`/api/gateway/pool/type/${enc(mac)}`, { pool }, reply),
  transferConfig: (from: string, to: string) =>
    api.post('/api/gateway/export/config', { from, to }, reply),
};
