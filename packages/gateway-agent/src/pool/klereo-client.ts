import { z } from 'zod';
import {
  form,
  unexpected,
  VendorError,
  vendorJson,
  vendorRequest,
  type VendorClientOptions,
} from './vendor-http';

/**
 * Klereo Connect's cloud API (domain README §5, reverse engineered): `POST GetJWT.php` with the
 * login and the SHA-1 of the password gives a JWT (about an hour), sent as a bearer token to
 * GetIndex.php (the account's pools), GetPoolDetails.php (probes, outputs, parameters),
 * SetOut.php / WaitCommand.php (drive an output) and SetParam.php (the water setpoint).
 */
export interface KlereoCredentials {
  username: string;
  /** SHA-1 of the password, 40 lowercase hex. */
  password: string;
}

/** Re-login before the JWT's hour is up, as Klereo's own clients do. */
export const KLEREO_JWT_REFRESH_MS = 55 * 60_000;
/** The app version GetJWT.php is told (its own Android app's form). */
const APP_VERSION = '392-w';

const envelope = z.object({ status: z.string(), response: z.unknown().optional() });
const jwtReply = z.object({ status: z.literal('ok'), jwt: z.string().min(1) });
const indexItem = z.object({
  idSystem: z.union([z.number(), z.string()]),
  poolNickname: z.string().nullable().optional(),
});
export const klereoProbe = z.object({
  index: z.number(),
  type: z.number(),
  filteredValue: z.number().nullable().optional(),
  directValue: z.number().nullable().optional(),
});
export const klereoOut = z.object({
  index: z.number(),
  mode: z.number().nullable().optional(),
  status: z.number().nullable().optional(),
});
export const klereoDetails = z.object({
  probes: z.array(klereoProbe).default([]),
  outs: z.array(klereoOut).default([]),
  params: z.record(z.string(), z.unknown()).default({}),
  alertCount: z.number().optional(),
});
export type KlereoDetails = z.infer<typeof klereoDetails>;

/** Output modes: 0 manual, 1 time slots, 2 timer, 3 regulation. */
export const KLEREO_MODE = { manual: 0, timeSlots: 1, timer: 2, regulation: 3 } as const;

export class KlereoClient {
  private jwt: { token: string; at: number } | undefined;
  private readonly now: () => number;

  constructor(
    private readonly o: VendorClientOptions,
    private readonly credentials: KlereoCredentials,
  ) {
    this.now = o.now ?? Date.now;
  }

  /** Logs in (again): a refused login is `invalidIds`. */
  async login(): Promise<void> {
    const res = await vendorRequest(this.o, 'GetJWT.php', {
      method: 'POST',
      body: form({
        login: this.credentials.username,
        password: this.credentials.password,
        version: APP_VERSION,
        app: 'api',
      }),
    });
    if (res.status === 401 || res.status === 403)
      throw new VendorError('invalidIds', 'login refused');
    if (!res.ok) throw unexpected(res);
    const body = await vendorJson(res);
    const ok = jwtReply.safeParse(body);
    if (!ok.success) {
      const status = envelope.safeParse(body);
      if (status.success && status.data.status !== 'ok')
        throw new VendorError('invalidIds', 'login refused');
      throw new VendorError('unavailable', 'unexpected GetJWT reply');
    }
    this.jwt = { token: ok.data.jwt, at: this.now() };
  }

  /** The account's pools. */
  async pools(): Promise<{ id: string; name: string }[]> {
    const items = z.array(indexItem).parse(await this.call('GetIndex.php', {}));
    return items.map((p) => ({
      id: String(p.idSystem),
      name: p.poolNickname?.trim() || `Klereo ${p.idSystem}`,
    }));
  }

  /** Probes, outputs and parameters of one pool. */
  async details(poolID: string): Promise<KlereoDetails> {
    const list = z
      .array(klereoDetails)
      .min(1)
      .safeParse(await this.call('GetPoolDetails.php', { poolID }));
    if (!list.success) throw new VendorError('unavailable', 'unexpected GetPoolDetails reply');
    return list.data[0]!;
  }

  /** Drives one output (mode and state), then waits for the pool to have done it. */
  async setOut(poolID: string, outIdx: number, newMode: number, newState: 0 | 1) {
    const reply = z
      .array(z.object({ cmdID: z.union([z.number(), z.string()]) }))
      .min(1)
      .safeParse(await this.call('SetOut.php', { poolID, outIdx, newMode, newState, comMode: 1 }));
    if (!reply.success) throw new VendorError('unavailable', 'unexpected SetOut reply');
    await this.call('WaitCommand.php', { cmdID: String(reply.data[0]!.cmdID) });
  }

  /** Sets a parameter (ConsigneEau: the water setpoint). */
  async setParam(poolID: string, paramID: string, newValue: number) {
    await this.call('SetParam.php', { poolID, paramID, newValue, comMode: 1 });
  }

  /**
   * One authenticated call: logs in first when the JWT is missing or near its hour, and once
   * more when Klereo says the token expired (401, or status error about the token).
   */
  private async call(path: string, fields: Record<string, string | number>): Promise<unknown> {
    if (!this.jwt || this.now() - this.jwt.at >= KLEREO_JWT_REFRESH_MS) await this.login();
    for (let attempt = 0; ; attempt++) {
      const res = await vendorRequest(this.o, path, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.jwt!.token}` },
        body: form(fields),
      });
      if (res.status === 401 && attempt === 0) {
        await this.login();
        continue;
      }
      if (res.status === 401 || res.status === 403)
        throw new VendorError('invalidIds', `${path}: HTTP ${res.status}`);
      if (!res.ok) throw unexpected(res);
      const body = envelope.safeParse(await vendorJson(res));
      if (!body.success) throw new VendorError('unavailable', `${path}: unexpected reply`);
      if (body.data.status !== 'ok') {
        if (attempt === 0) {
          await this.login();
          continue;
        }
        throw new VendorError('unavailable', `${path}: status ${body.data.status}`);
      }
      return body.data.response ?? [];
    }
  }
}
