import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Accessibility checks of the browser tests (issue 16, point 15): axe-core run in the page.
// Any *.e2e.ts may use them: `await expectNoSeriousViolations(page, 'home, fr')`.

// Evaluated through the DevTools protocol rather than a <script> tag: the console's
// Content-Security-Policy refuses inline scripts.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** What axe reports of one rule broken on the page. */
export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** The impacts that fail a test. */
const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe-core on the page as it is now (injected once per document). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const results = (await axe.run(document, {
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    // Plain data only (axe's objects hold DOM nodes).
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        html: n.html.slice(0, 300),
        failureSummary: n.failureSummary,
      })),
    }));
  });
}

/** A readable list: one line per element, rule id, impact, selector and axe's advice. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `- ${v.id} (${v.impact}) ${JSON.stringify(n.target)}: ${v.help}\n    ${n.html}` +
          (n.failureSummary ? `\n    ${n.failureSummary.replace(/\n/g, '\n    ')}` : ''),
      ),
    )
    .join('\n');
}

/**
 * Fails when axe finds a serious or critical violation on the page, listing them (rule,
 * element, help). `label` names the screen in the failure message. Animations should be over
 * (axe reads computed colours): wait for what the screen shows first.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const blocking = (await axeViolations(page)).filter((v) => v.impact && BLOCKING.has(v.impact));
  expect(
    blocking.length,
    `${label}: accessibility violations\n${describeViolations(blocking)}`,
  ).toBe(0);
}

/** The element that has the keyboard focus, as a locator-friendly description. */
export function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return '';
    return (
      el.getAttribute('aria-label') ?? (el.textContent ?? '').trim() ?? el.tagName.toLowerCase()
    );
  });
}

/** Whether the focused element is inside `container`. */
export async function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((node) => node.contains(document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times: the action can
 * be reached with the keyboard. Fails with the elements that got the focus on the way.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  max = 60,
  backwards = false,
): Promise<void> {
  const visited: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((node) => node === document.activeElement)) return;
    visited.push(await focusedText(page));
  }
  throw new Error(`not reached by ${max} Tab presses; focus went to: ${visited.join(' | ')}`);
}

/**
 * Checks a modal dialog keeps the keyboard in: Tab and Shift+Tab, pressed more times than it
 * has controls, never take the focus out of it.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, presses = 25): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      expect(await focusIsInside(dialog), `focus left the dialog after ${i + 1} × ${key}`).toBe(
        true,
      );
    }
  }
}
