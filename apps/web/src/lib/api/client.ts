// Types only: the schema comes with the call, so this module does not load zod itself.
import type { z } from 'zod';
import { getToken, signOut } from '../session/session';
import { ApiError, endsSession, parseErrorReply } from './api-error';

interface RequestOptions<S extends z.ZodType> {
  /** Validates the reply; without it the reply is `unknown`. */
  schema?: S;
  /** Query-string parameters. */
  query?: Record<string, string | number | boolean>;
  /** Default true. Sign-in pages pass false and show their own messages. */
  signOutOnAuthError?: boolean;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function buildUrl(path: string, query: RequestOptions<z.ZodType>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `${path}?${params.toString()}`;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<S extends z.ZodType = z.ZodUnknown>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions<S> = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (file upload) sets its own multipart Content-Type with the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: options.signal ?? null,
    });
  } catch {
    throw new ApiError(0, null);
  }
  const data = await readBody(res);
  if (!res.ok) {
    // A 401 to a signed-in call: the server no longer takes the token (expired, revoked).
    if (endsSession(res.status, options.signOutOnAuthError ?? true)) {
      signOut(res.status === 401 && token ? 'expired' : 'user');
    }
    throw new ApiError(res.status, parseErrorReply(data));
  }
  if (!options.schema) return data as z.output<S>;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(res.status, {
      statusCode: res.status,
      code: 'error',
      message: `Unexpected reply from ${method} ${path}`,
    });
  }
  return parsed.data;
}

/**
 * The HTTP client: adds the bearer token, validates replies with a zod schema,
 * throws ApiError on failure and signs out on 401/403.
 */
export const api = {
  get: <S extends z.ZodType = z.ZodUnknown>(path: string, options?: RequestOptions<S>) =>
    request('GET', path, undefined, options),
  delete: <S extends z.ZodType = z.ZodUnknown>(path: string, options?: RequestOptions<S>) =>
    request('DELETE', path, undefined, options),
  post: <S extends z.ZodType = z.ZodUnknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions<S>,
  ) => request('POST', path, body ?? {}, options),
  put: <S extends z.ZodType = z.ZodUnknown>(
    path: string,
    body: unknown,
    options?: RequestOptions<S>,
  ) => request('PUT', path, body, options),
  /** multipart/form-data POST, e.g. a CSV file under the field `file`. */
  upload: <S extends z.ZodType = z.ZodUnknown>(
    path: string,
    form: FormData,
    options?: RequestOptions<S>,
  ) => request('POST', path, form, options),
  patch: <S extends z.ZodType = z.ZodUnknown>(
    path: string,
    body: unknown,
    options?: RequestOptions<S>,
  ) => request('PATCH', path, body, options),
};
