/**
 * What can go wrong talking to a pool vendor's cloud (decision 0031): the credentials are
 * refused (invalidIds), the cloud is down or answers nonsense (unavailable), or the account's
 * quota is spent (rateLimited, with when it refills when the vendor says).
 */
export type VendorFailure = 'invalidIds' | 'unavailable' | 'rateLimited';

export class VendorError extends Error {
  constructor(
    readonly kind: VendorFailure,
    message: string,
    /** rateLimited: epoch ms the quota refills, when known. */
    readonly retryAt: number | null = null,
  ) {
    super(message);
    this.name = 'VendorError';
  }
}

export const isVendorError = (err: unknown): err is VendorError => err instanceof VendorError;

/** Common options of the vendor clients. */
export interface VendorClientOptions {
  /** The vendor API's base URL (KLEREO_URL, POOLCOP_URL), without a trailing slash. */
  baseUrl: string;
  fetcher?: typeof fetch;
  /** Each request's time limit. */
  timeoutMs?: number;
  now?: () => number;
}

export const DEFAULT_VENDOR_TIMEOUT_MS = 8_000;

/**
 * One HTTP request to a vendor: a network failure or timeout is `unavailable`; the response is
 * returned whatever its status (each client reads its vendor's statuses).
 */
export async function vendorRequest(
  o: VendorClientOptions,
  path: string,
  init: RequestInit,
): Promise<Response> {
  const url = `${o.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  try {
    return await (o.fetcher ?? fetch)(url, {
      ...init,
      signal: AbortSignal.timeout(o.timeoutMs ?? DEFAULT_VENDOR_TIMEOUT_MS),
    });
  } catch (err) {
    throw new VendorError('unavailable', `${url}: ${(err as Error).message}`);
  }
}

/** The JSON body of a vendor response; a body that is not JSON is `unavailable`. */
export async function vendorJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new VendorError('unavailable', `not JSON (HTTP ${res.status})`);
  }
}

/** A form body (both vendors take application/x-www-form-urlencoded). */
export const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]));

/** 5xx and other unexpected statuses. */
export function unexpected(res: Response): VendorError {
  if (res.status === 429) return new VendorError('rateLimited', 'HTTP 429');
  return new VendorError('unavailable', `HTTP ${res.status}`);
}
