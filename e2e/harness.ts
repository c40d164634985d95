import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Mailbox } from '../apps/server/test/mailbox';
import { freePort } from '../apps/server/test/postgres-cluster';

const ROOT = resolve(import.meta.dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface Stack {
  baseUrl: string;
  mailbox: Mailbox;
  browser: Browser;
  dataDir: string;
  newPage(viewport?: {
    width: number;
    height: number;
  }): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/** A real server process (apps/server/src/main.ts, as `npm start` runs it) on a loopback port. */
export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  pid: number;
  /** What it wrote on stdout and stderr so far. */
  log(): string;
  /** SIGTERM, SIGKILL if it is still running after `graceMs`; then its data folder goes. */
  stop(graceMs?: number): Promise<'exited' | 'killed'>;
}

/**
 * Sends SIGTERM, then SIGKILL if the process has not exited after `graceMs`; resolves once it
 * exited, telling whether it took SIGKILL.
 */
export async function terminate(
  child: ChildProcess,
  graceMs = 10_000,
): Promise<'exited' | 'killed'> {
  if (child.exitCode !== null || child.signalCode !== null) return 'exited';
  const exited = new Promise((r) => child.once('exit', () => r('exited')));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((r) => (timer = setTimeout(r, graceMs, 'timeout')));
  const first = await Promise.race([exited, timeout]);
  clearTimeout(timer);
  if (first === 'exited') return 'exited';
  child.kill('SIGKILL');
  await exited;
  return 'killed';
}

/** How the server is addressed. */
export interface ServerOptions {
  /**
   * The host name of `baseUrl` and of the server's PUBLIC_URL (`127.0.0.1` by default).
   * `localhost` for remote access: the gateway's pages are served on subdomains of PUBLIC_URL's
   * host, which must be a name (`*.localhost` is loopback in Chromium). The server listens on
   * 127.0.0.1 either way.
   */
  host?: '127.0.0.1' | 'localhost';
}

/**
 * Starts the server entry as a real process (NODE_ENV=test, no demo seed, an embedded broker
 * on a free port unless `env` says otherwise) and waits for its health route.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<ServerProcess> {
  // A port free when chosen can be taken before the server binds it: try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options);
    } catch (err) {
      if (attempt === 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

async function startOnce(env: Record<string, string>, options: ServerOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  const port = await freePort();
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      MQTT_PORT: '0',
      TUNNEL_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const log = () => output;
  try {
    await waitForHealth(baseUrl, child, log);
  } catch (err) {
    await terminate(child, 2_000);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid ?? 0,
    log,
    async stop(graceMs = 10_000) {
      const how = await terminate(child, graceMs);
      rmSync(dataDir, { recursive: true, force: true });
      return how;
    },
  };
}

/** Debian's Chromium, headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A new browser context and tab on `baseUrl`, in French (the console's default language). */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, locale: 'fr-FR' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * The whole product as a user meets it: the built console served by a real
 * server process on a loopback port, a real SMTP server catching its mails,
 * and Debian's Chromium.
 */
export async function startStack(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<Stack> {
  const mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  const server = await startServerProcess({ SMTP_URL: smtpUrl, ...env }, options);
  const browser = await launchChromium();
  return {
    baseUrl: server.baseUrl,
    mailbox,
    browser,
    dataDir: server.dataDir,
    newPage: (viewport) => openPage(browser, server.baseUrl, viewport),
    async stop() {
      await browser.close();
      await server.stop();
      await mailbox.stop();
    },
  };
}

/** Saves a screenshot under e2e/screenshots (ignored by git) for a person to look at. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: join(ROOT, 'e2e/screenshots', `${name}.png`), fullPage: true });
}

/** A screenshot once still: the snackbar of the last action closed, no row hovered. */
export async function snapStill(page: Page, name: string) {
  await page
    .getByRole('button', { name: 'OK' })
    .click({ timeout: 500 })
    .catch(() => undefined);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await snap(page, name);
}

/** Socket.io frames the page receives (the live updates). */
export function socketFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    ws.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  return frames;
}
