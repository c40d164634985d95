import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snapStill, startStack, type Stack } from './harness';
import { fr, signInThroughUi, SUPERVISOR } from './session';

/**
 * A user past their graph queries of the minute (decision 0053): the server answers 429
 * rateLimited, and the graph says so in the console's language. On the demo seed, with the
 * limit lowered to one query a minute: the graph's first query is answered, the next refused.
 */
const PROJECT = 'Villa Rose';
const TOO_MANY_EN = 'Too many requests. Please try again in a moment.';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ SEED_DEMO: 'true', ABUSE_GRAPHS_PER_MINUTE: '1' });
});
afterAll(async () => {
  await stack?.stop();
});

const projectRow = (page: Page) =>
  page.getByRole('row').filter({ has: page.getByText(PROJECT, { exact: true }) });

describe('graph queries past the limit', () => {
  it('answers the first, then shows "too many requests" in French and English', async () => {
    const { context, page } = await stack.newPage();
    try {
      await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);
      const answered = page.waitForResponse(
        (r) => r.url().includes('/api/project/timeseries/') && r.request().method() === 'POST',
      );
      await projectRow(page)
        .getByRole('button', { name: fr('projects.dialogs.graphs') })
        .click();
      const graph = page.getByRole('dialog', { name: fr('monitoring.graph.title') });
      if ((await answered).status() !== 200) throw new Error('the first graph query was refused');
      // Another precision: a second query within the minute.
      const refused = page.waitForResponse((r) => r.url().includes('/api/project/timeseries/'));
      await graph.getByRole('combobox', { name: fr('monitoring.graph.precision') }).click();
      await page.getByRole('option', { name: fr('monitoring.graph.precisions.1h') }).click();
      const reply = await refused;
      if (reply.status() !== 429) throw new Error(`expected 429, got ${reply.status()}`);
      await graph
        .getByRole('alert')
        .filter({ hasText: fr('rateLimited') })
        .waitFor();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await snapStill(page, 'graph-rate-limited-1280-fr');
      await page.setViewportSize({ width: 390, height: 844 });
      await snapStill(page, 'graph-rate-limited-390-fr');

      await page.keyboard.press('Escape');
      await graph.waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: fr('shell.language') }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await projectRow(page).getByRole('button', { name: 'Graphs' }).click();
      await page.getByRole('alert').filter({ hasText: TOO_MANY_EN }).waitFor();
      // The day's range to the minute, whole in English too ("dd/mm/yyyy, hh:mm").
      await page
        .getByTestId('graph-range')
        .filter({ hasText: /^From \d\d\/\d\d\/\d{4}, 00:00 to \d\d\/\d\d\/\d{4}, 00:00$/ })
        .waitFor();
      await snapStill(page, 'graph-rate-limited-1280-en');
      await page.setViewportSize({ width: 390, height: 844 });
      await snapStill(page, 'graph-rate-limited-390-en');
    } finally {
      await context.close();
    }
  });
});
