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

/**
 * The whole product as a user meets it: the built console served by a real
 * server process on a loopback port, a real SMTP server catching its mails,
 * and Debian's Chromium.
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  const mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
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
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      MQTT_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitForHealth(baseUrl, child, () => output);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    baseUrl,
    mailbox,
    browser,
    dataDir,
    async newPage(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ viewport, baseURL: baseUrl, locale: 'fr-FR' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { context, page };
    },
    async stop() {
      await browser.close();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await mailbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot under e2e/screenshots (ignored by git) for a person to look at. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: join(ROOT, 'e2e/screenshots', `${name}.png`), fullPage: true });
}
