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
 * PoolCopilot's API (domain README §5): `POST token` with the pool's API key gives a token sent
 * in the `PoolCop-Token` header; `GET status` reads the pool, `POST command/...` drives it. 403
 * means a bad key; the quota is told in `RateLimit-Limit` / `RateLimit-Remaining` /
 * `RateLimit-Expire` (epoch seconds the quota refills) and in the token's `api_token` body;
 * a spent quota answers 429.
 */
const tokenReply = z.object({
  token: z.string().min(1),
  api_token: z
    .object({
      max_limit: z.number().optional(),
      expire: z.number().optional(),
      poolcop_id: z.union([z.number(), z.string()]).optional(),
    })
    .optional(),
});

export const poolcopStatus = z.object({
  PoolCop: z.object({
    temperature: z.object({ water: z.number(), air: z.number() }).partial().default({}),
    pressure: z.number().optional(),
    pH: z.number().optional(),
    orp: z.number().optional(),
    ioniser: z.number().optional(),
    voltage: z.number().optional(),
    waterlevel: z.number().optional(),
    status: z
      .object({
        valveposition: z.number(),
        pumpspeed: z.number(),
        poolcop: z.number(),
        pump: z.number(),
        watervalve: z.number(),
        forced: z.number(),
      })
      .partial()
      .default({}),
    aux: z
      .array(z.object({ numaux: z.number(), status: z.number(), label: z.string().optional() }))
      .default([]),
    alarms: z.object({ count: z.number() }).partial().default({}),
  }),
});
export type PoolcopStatus = z.infer<typeof poolcopStatus>['PoolCop'];

/** The quota as the last response told it. */
export interface PoolcopQuota {
  limit: number | null;
  remaining: number | null;
  /** Epoch ms the quota refills. */
  resetAt: number | null;
}

const header = (res: Response, name: string) => {
  const v = res.headers.get(name);
  return v === null || v.trim() === '' || Number.isNaN(Number(v)) ? null : Number(v);
};

export class PoolcopClient {
  private token: { value: string; expiresAt: number | null } | undefined;
  readonly quota: PoolcopQuota = { limit: null, remaining: null, resetAt: null };
  private readonly now: () => number;

  constructor(
    private readonly o: VendorClientOptions,
    private readonly apikey: string,
  ) {
    this.now = o.now ?? Date.now;
  }

  /** Gets a token for the key: 403 is a bad key (`invalidIds`). */
  async authenticate(): Promise<void> {
    const res = await vendorRequest(this.o, 'token', {
      method: 'POST',
      body: form({ APIKEY: this.apikey }),
    });
    this.readQuota(res);
    if (res.status === 403 || res.status === 401)
      throw new VendorError('invalidIds', 'bad API key');
    if (res.status === 429) throw this.limited();
    if (!res.ok) throw unexpected(res);
    const body = tokenReply.safeParse(await vendorJson(res));
    if (!body.success) throw new VendorError('unavailable', 'unexpected token reply');
    const expire = body.data.api_token?.expire;
    this.token = { value: body.data.token, expiresAt: expire ? expire * 1000 : null };
  }

  async status(): Promise<PoolcopStatus> {
    const body = poolcopStatus.safeParse(await this.call('GET', 'status'));
    if (!body.success) throw new VendorError('unavailable', 'unexpected status reply');
    return body.data.PoolCop;
  }

  /** `command/pump` (toggle), `command/pump/2`, `command/aux/1`, `command/clear_alarm`… */
  async command(path: string): Promise<void> {
    await this.call('POST', `command/${path}`);
  }

  private limited() {
    return new VendorError('rateLimited', 'PoolCop quota spent', this.quota.resetAt);
  }

  private readQuota(res: Response) {
    const limit = header(res, 'RateLimit-Limit');
    const remaining = header(res, 'RateLimit-Remaining');
    const expire = header(res, 'RateLimit-Expire');
    if (limit !== null) this.quota.limit = limit;
    if (remaining !== null) this.quota.remaining = remaining;
    if (expire !== null) this.quota.resetAt = expire * 1000;
  }

  /** One call with the token, fetched first or again when it expired (401 once). */
  private async call(method: 'GET' | 'POST', path: string): Promise<unknown> {
    if (
      this.quota.remaining === 0 &&
      this.quota.resetAt !== null &&
      this.now() < this.quota.resetAt
    )
      throw this.limited();
    if (!this.token || (this.token.expiresAt !== null && this.now() >= this.token.expiresAt))
      await this.authenticate();
    for (let attempt = 0; ; attempt++) {
      const res = await vendorRequest(this.o, path, {
        method,
        headers: { 'PoolCop-Token': this.token!.value },
      });
      this.readQuota(res);
      if (res.status === 401 && attempt === 0) {
        await this.authenticate();
        continue;
      }
      if (res.status === 403 || res.status === 401)
        throw new VendorError('invalidIds', 'bad API key');
      if (res.status === 429) throw this.limited();
      if (!res.ok) throw unexpected(res);
      return vendorJson(res);
    }
  }
}
