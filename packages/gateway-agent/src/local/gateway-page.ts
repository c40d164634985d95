import type { GatewayType } from '@atrium/contracts/limits';
import { send, sendJson, type Routes } from './http-kit';

/**
 * The page layout, stylesheet and status shared by the gateway's own web pages (configuration
 * page, local UI, flow-editor stand-in). Every link is an absolute path (`/assets/…`,
 * `/status`): the pages are also reached through the cloud's proxy under another host name,
 * where a relative link would resolve against the wrong folder and a full URL against the
 * wrong host.
 */

/** What the pages show of the device, read afresh on every request. */
export interface GatewaySnapshot {
  type: GatewayType;
  /** 12 hex digits (separators are tolerated). */
  mac: string;
  /** Firmware version. */
  version: string;
  /** Address on the local network. */
  ip: string;
  protect: boolean;
  uptimeSeconds: number;
}

/** The path of the shared stylesheet (absolute: see above). */
export const STYLE_PATH = '/assets/style.css';

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;color:#1d2733;background:#f6f8fa}
h1{font-size:1.4rem}table{border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:.35rem .8rem;border-bottom:1px solid #dde3ea}
form,section{margin-top:1.5rem}input,button{font:inherit;padding:.3rem .5rem}
#log{font-family:monospace;font-size:.85rem;list-style:none;padding:0}`;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** `a1b2c3d4e5f6` → `A1:B2:C3:D4:E5:F6`, as printed on the device's label. */
export const formatMac = (mac: string) =>
  (
    mac
      .replace(/[^0-9a-f]/gi, '')
      .toUpperCase()
      .match(/../g) ?? []
  ).join(':');

/** `93784` → `1 d 02:03:04`. */
export function formatUptime(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor(s / 3600) % 24)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
  return `${Math.floor(s / 86_400)} d ${clock}`;
}

/** The page title every gateway page starts with: its type and MAC, as on its label. */
export const gatewayTitle = (s: GatewaySnapshot) => `${s.type} ${formatMac(s.mac)}`;

/** A whole HTML page; `body` and `script` are trusted markup, the title is escaped. */
export function htmlPage(title: string, body: string, script?: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLE_PATH}">
</head><body>
<h1>${escapeHtml(title)}</h1>
${body}${script ? `\n<script>${script}</script>` : ''}
</body></html>`;
}

/** The device's state as a table (each value escaped). */
export function statusTable(s: GatewaySnapshot) {
  const rows: [string, string][] = [
    ['Type', s.type],
    ['MAC', formatMac(s.mac)],
    ['Firmware', s.version],
    ['Local IP', s.ip],
    ['Protect', s.protect ? 'on' : 'off'],
    ['Uptime', formatUptime(s.uptimeSeconds)],
  ];
  const cells = rows.map(([k, v]) => `<tr><th>${k}</th><td>${escapeHtml(v)}</td></tr>`);
  return `<table id="status">${cells.join('')}</table>
<p><a href="/status">Status as JSON</a></p>`;
}

/** The stylesheet route, for every page that links to it. */
export const styleRoute: Routes = {
  [STYLE_PATH]: { GET: (_req, res) => send(res, 200, 'text/css; charset=utf-8', STYLE) },
};

/** The stylesheet and `/status` (the snapshot as JSON), shared by the gateway's pages. */
export const sharedRoutes = (snapshot: () => GatewaySnapshot): Routes => ({
  ...styleRoute,
  '/status': { GET: (_req, res) => sendJson(res, snapshot()) },
});
