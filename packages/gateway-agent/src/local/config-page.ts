import type { ServerResponse } from 'node:http';
import {
  escapeHtml,
  gatewayTitle,
  htmlPage,
  sharedRoutes,
  statusTable,
  type GatewaySnapshot,
} from './gateway-page';
import { createHttpService, readForm, redirect, sendHtml, type LocalService } from './http-kit';

/**
 * The gateway's configuration page (tunnel service `config`, port 80 on a real device): its
 * state, and a form that renames it. Settings live in memory: the simulated device has no
 * storage, and the page exists so remote access has something real to show and change.
 */

/** What the form changes. */
export interface GatewaySettings {
  deviceName: string;
}

/** The configuration page's server and the settings its form changes. */
export interface ConfigPage extends LocalService {
  readonly settings: GatewaySettings;
}

/** Longest device name the form accepts, in characters. */
export const MAX_DEVICE_NAME = 64;
/** Largest form body read: a name field and a little more. */
const MAX_FORM_BYTES = 2048;
// Printable text only: a name with control characters would garble the pages that show it.
const DEVICE_NAME = /^[^\p{Cc}]+$/u;

function page(s: GatewaySnapshot, settings: GatewaySettings, error?: string) {
  const message = error ? `<p role="alert">${escapeHtml(error)}</p>` : '';
  // Absolute action: the form posts to this host's /settings even behind the cloud's proxy.
  const form = `<form method="post" action="/settings">
<label>Device name <input name="deviceName" maxlength="${MAX_DEVICE_NAME}" required
 value="${escapeHtml(settings.deviceName)}"></label>
<button type="submit">Save</button>
</form>`;
  return htmlPage(gatewayTitle(s), `${message}${statusTable(s)}\n${form}`);
}

async function saveSettings(
  req: Parameters<typeof readForm>[0],
  res: ServerResponse,
  s: GatewaySnapshot,
  settings: GatewaySettings,
) {
  const form = await readForm(req, MAX_FORM_BYTES);
  if (form === 413 || form === 415) {
    res.setHeader('connection', 'close');
    return sendHtml(res, page(s, settings, 'The form could not be read.'), form);
  }
  const name = (form.get('deviceName') ?? '').trim();
  if (!name || name.length > MAX_DEVICE_NAME || !DEVICE_NAME.test(name)) {
    const why = `The device name must be 1 to ${MAX_DEVICE_NAME} printable characters.`;
    return sendHtml(res, page(s, settings, why), 400);
  }
  settings.deviceName = name;
  // Post/redirect/get: reloading the page does not post the form again.
  redirect(res, '/');
}

/**
 * The configuration page: `GET /` the page, `POST /settings` the form (303 back to `/`),
 * `GET /status` the snapshot as JSON, `GET /assets/style.css`; anything else 404.
 */
export function createConfigPage(snapshot: () => GatewaySnapshot): ConfigPage {
  const settings: GatewaySettings = { deviceName: snapshot().type };
  const service = createHttpService({
    ...sharedRoutes(snapshot),
    '/': { GET: (_req, res) => sendHtml(res, page(snapshot(), settings)) },
    '/settings': { POST: (req, res) => saveSettings(req, res, snapshot(), settings) },
  });
  return { ...service, settings };
}
