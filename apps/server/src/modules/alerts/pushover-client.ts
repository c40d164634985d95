/**
 * Pushover's message API (POST /1/messages.json, form-encoded), as its documentation
 * describes the answers: 200 with `status: 1` is sent; any other 4xx is final (an invalid
 * user key or application token marks the channel broken); 429 and 5xx are worth trying
 * again later, no sooner than every 5 seconds. The production code; tests change the URL.
 */

export const PUSHOVER_DEFAULT_URL = 'https://api.pushover.net/1/messages.json';
const TIMEOUT_MS = 10_000;

/** Field limits of the API: longer text is cut, never refused. */
const MAX = { title: 250, message: 1024, url: 512, url_title: 100 } as const;

export interface PushMessage {
  token: string;
  user: string;
  title: string;
  message: string;
  url?: string;
  urlTitle?: string;
  /** Epoch ms of the event (sent in seconds). */
  timestamp: number;
}

/** Why a push did not go: `retry` later (429, 5xx, network), or never. */
export class PushoverError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly status: number | null,
    /** The user key or the application token was refused: the channel is broken. */
    readonly broken: boolean,
  ) {
    super(message);
    this.name = 'PushoverError';
  }
}

interface PushoverAnswer {
  status?: number;
  request?: string;
  errors?: unknown;
  user?: unknown;
  token?: unknown;
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** Sends one push; resolves with Pushover's request id, or throws a PushoverError. */
export async function sendPush(
  endpoint: string,
  m: PushMessage,
  /** Aborts the request (the server is stopping). */
  signal?: AbortSignal,
): Promise<{ request: string }> {
  const form = new URLSearchParams({
    token: m.token,
    user: m.user,
    title: cut(m.title, MAX.title),
    message: cut(m.message, MAX.message),
    timestamp: String(Math.floor(m.timestamp / 1000)),
  });
  if (m.url) form.set('url', cut(m.url, MAX.url));
  if (m.urlTitle) form.set('url_title', cut(m.urlTitle, MAX.url_title));
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      body: form,
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)])
        : AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new PushoverError(`Pushover unreachable: ${(err as Error).message}`, true, null, false);
  }
  const answer = (await res.json().catch(() => ({}))) as PushoverAnswer;
  if (res.status === 200 && answer.status === 1) return { request: String(answer.request ?? '') };
  const errors = Array.isArray(answer.errors) ? answer.errors.map(String).join('; ') : '';
  const detail = `Pushover answered ${res.status}${errors ? `: ${errors}` : ''}`;
  if (res.status === 429 || res.status >= 500 || res.status === 200)
    throw new PushoverError(detail, true, res.status, false);
  const broken =
    answer.user === 'invalid' || answer.token === 'invalid' || /\b(user|token)\b/i.test(errors);
  throw new PushoverError(detail, false, res.status, broken);
}
