import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { htmlPage, styleRoute } from './gateway-page';
import {
  createHttpService,
  pathOf,
  redirect,
  sendHtml,
  sendJson,
  type LocalService,
} from './http-kit';

/**
 * A stand-in for Node-RED (tunnel service `nodered`, port 1880 on kloud'nX and emergy'nX):
 * what matters for remote access is its shape, not its flows. The editor at `/` and the
 * dashboard at `/ui` are pages whose scripts open a WebSocket to `/comms`, as Node-RED's do,
 * so the cloud's proxy must carry an upgrade under another host, over `wss:` when the page
 * came over `https:`. The script builds that address from `location`: nothing names a host.
 */

/** The stand-in's server, and a way to push live values to every open page. */
export interface NodeRedStandin extends LocalService {
  /** Sends `message` (a JSON object with a `topic`) to every open `/comms` socket. */
  broadcast(message: { topic: string } & Record<string, unknown>): void;
}

/** Open `/comms` sockets at once; beyond, the upgrade is refused with 503. */
const MAX_CLIENTS = 32;
/** Largest message a client may send; ws closes the socket (1009) beyond. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Unsent bytes a slow client may hold before it is dropped, so it cannot grow our memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The flows `/flows` lists, in Node-RED's shape (a flat array of tabs and nodes). */
const FLOWS = [
  { id: 'f1', type: 'tab', label: 'KNX bus' },
  { id: 'n1', type: 'knxUltimate', z: 'f1', name: 'Bus telegrams' },
  { id: 'n2', type: 'ui_text', z: 'f1', name: 'Live value', wires: [] },
];

/** Opens `/comms` on this page's own host and hands each JSON message to `show(msg)`. */
const COMMS_SCRIPT = `const state = document.getElementById('state');
const url = (location.protocol === 'https:' ? 'wss:' : 'ws:') + '//' + location.host + '/comms';
const comms = new WebSocket(url);
comms.addEventListener('open', () => { state.textContent = 'connected'; });
comms.addEventListener('close', () => { state.textContent = 'disconnected'; });
comms.addEventListener('message', (event) => {
  try { show(JSON.parse(event.data)); } catch { /* not JSON: nothing to show */ }
});`;

// Messages are written with textContent, never as markup: they come from the network.
const EDITOR_SCRIPT = `function show(msg) {
  const item = document.createElement('li');
  item.textContent = JSON.stringify(msg);
  const log = document.getElementById('log');
  log.prepend(item);
  while (log.children.length > 100) log.lastChild.remove();
}
document.getElementById('send').addEventListener('submit', (event) => {
  event.preventDefault();
  comms.send(JSON.stringify({ text: event.target.elements.text.value }));
});
${COMMS_SCRIPT}`;

const DASHBOARD_SCRIPT = `function show(msg) {
  if (msg.topic === 'hello' || msg.topic === 'echo') return;
  const id = 'value-' + msg.topic;
  let row = document.getElementById(id);
  if (!row) {
    row = document.createElement('tr');
    row.id = id;
    row.append(document.createElement('th'), document.createElement('td'));
    row.firstChild.textContent = msg.topic;
    document.getElementById('values').append(row);
  }
  row.lastChild.textContent = JSON.stringify(msg.value);
}
${COMMS_SCRIPT}`;

const STATE = '<p>Comms: <span id="state">connecting</span></p>';
const EDITOR = htmlPage(
  'Node-RED',
  `${STATE}
<form id="send"><input name="text" placeholder="Message"><button>Send</button></form>
<p><a href="/ui/">Dashboard</a> · <a href="/flows">Flows (JSON)</a></p>
<ul id="log"></ul>`,
  EDITOR_SCRIPT,
);
const DASHBOARD = htmlPage(
  'Node-RED dashboard',
  `${STATE}\n<table id="values"></table>\n<p><a href="/">Flow editor</a></p>`,
  DASHBOARD_SCRIPT,
);

function textOf(data: RawData) {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

/** A client's message as it was sent: its JSON value, or the text when it is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sendTo(ws: WebSocket, message: object) {
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return ws.terminate();
  ws.send(JSON.stringify(message));
}

function refuse(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

/** The stand-in: `/` editor, `/ui` dashboard, `/flows`, and the `/comms` WebSocket. */
export function createNodeRedStandin(): NodeRedStandin {
  const http = createHttpService({
    ...styleRoute,
    '/': { GET: (_req, res) => sendHtml(res, EDITOR) },
    // Node-RED's dashboard lives at /ui/ (its links are relative to it); /ui goes there.
    '/ui': { GET: (_req, res) => redirect(res, '/ui/') },
    '/ui/': { GET: (_req, res) => sendHtml(res, DASHBOARD) },
    '/flows': { GET: (_req, res) => sendJson(res, FLOWS) },
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  wss.on('connection', (ws) => {
    // ws reports a protocol error (e.g. an oversized message, closed with 1009) as an event:
    // unheard, it would crash the whole agent.
    ws.on('error', () => ws.terminate());
    sendTo(ws, { topic: 'hello', service: 'nodered', clients: wss.clients.size });
    ws.on('message', (data) => sendTo(ws, { topic: 'echo', data: parsed(textOf(data)) }));
  });
  http.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (pathOf(req) !== '/comms') return refuse(socket, '404 Not Found');
    if (wss.clients.size >= MAX_CLIENTS) return refuse(socket, '503 Service Unavailable');
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  return {
    server: http.server,
    broadcast: (message) => wss.clients.forEach((ws) => sendTo(ws, message)),
    close: async () => {
      wss.clients.forEach((ws) => ws.terminate());
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await http.close();
    },
  };
}
