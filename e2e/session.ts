import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { codeIn, tokenIn } from '../apps/server/test/mailbox';
import type { Stack } from './harness';

const messages: unknown = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../apps/web/public/assets/i18n/fr.json'), 'utf8'),
);

/** Demo accounts the seed creates (README, "Demo accounts"): who the browser tests sign in as. */
export const SUPERVISOR = { email: 'supervisor@atrium.demo', password: 'Demo-Supervisor-2026!' };
export const ADMIN = { email: 'admin@atrium.demo', password: 'Demo-Admin-2026!' };
export const MANAGER = { email: 'manager@atrium.demo', password: 'Demo-Manager-2026!' };

/** The French text of a message key (the console's default language), for stable selectors. */
export function fr(key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no French message ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** What these helpers need of a stack: where the server is and where its mails arrive. */
type Server = Pick<Stack, 'baseUrl' | 'mailbox'>;

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** A JSON call to the real server, with a session token when given. */
export async function apiCall(
  stack: Pick<Server, 'baseUrl'>,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Signs in through the API, answering the mailed one-time code; returns the session token. */
export async function apiSignIn(stack: Server, email: string, password: string): Promise<string> {
  const before = stack.mailbox.countTo(email);
  const first = await apiCall(stack, 'POST', '/api/user/signin', { body: { email, password } });
  if (first.status === 200) return String(first.body.token);
  if (first.status !== 403 || first.body.code !== 3) {
    throw new Error(`sign-in of ${email}: ${first.status} ${JSON.stringify(first.body)}`);
  }
  const code = codeIn(await stack.mailbox.waitFor(email, before + 1));
  const otp = await apiCall(stack, 'POST', '/api/user/verify/otp', {
    body: { _id: first.body._id, code },
  });
  if (otp.status !== 200) throw new Error(`one-time code of ${email}: ${otp.status}`);
  return String(otp.body.token);
}

/** A new supervisor account in its own team, its e-mail verified through the mailed link. */
export async function signUp(stack: Server, email: string, password: string): Promise<void> {
  const before = stack.mailbox.countTo(email);
  const res = await apiCall(stack, 'POST', '/api/user/signup', { body: { email, password } });
  if (res.status >= 300) throw new Error(`sign-up of ${email}: ${res.status}`);
  const token = tokenIn(await stack.mailbox.waitFor(email, before + 1), 'verifyEmail');
  const verified = await apiCall(stack, 'POST', '/api/user/verify/email', { body: { token } });
  if (verified.status >= 300) throw new Error(`verification of ${email}: ${verified.status}`);
}

/**
 * Signs in on the login page as a person would, typing the mailed code when it is asked; ends on
 * the fleet home, where sign-in lands (decision 0023).
 */
export async function signInToHome(
  stack: Server,
  page: Page,
  email: string,
  password: string,
): Promise<void> {
  await page.goto('/welcome/login');
  // A new browser shows the cookie banner; accept it so it covers nothing.
  await page
    .getByRole('button', { name: fr('cookieConsent.accept') })
    .click({ timeout: 3000 })
    .catch(() => undefined);
  const before = stack.mailbox.countTo(email);
  await page.getByLabel(fr('welcome.email')).fill(email);
  await page.getByLabel(fr('welcome.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: fr('welcome.login.submit') }).click();
  const otp = page.getByLabel(fr('welcome.otp.code'));
  await Promise.race([otp.waitFor(), page.waitForURL('**/home')]);
  if (await otp.isVisible()) {
    await otp.fill(codeIn(await stack.mailbox.waitFor(email, before + 1)));
    await page.getByRole('button', { name: fr('welcome.otp.submit') }).click();
  }
  await page.waitForURL('**/home');
}

/** Signs in (signInToHome), then opens the projects list through the home's link. */
export async function signInThroughUi(
  stack: Server,
  page: Page,
  email: string,
  password: string,
): Promise<void> {
  await signInToHome(stack, page, email, password);
  await page.getByRole('link', { name: fr('home.allProjects') }).click();
  await page.waitForURL('**/projects/list');
}
