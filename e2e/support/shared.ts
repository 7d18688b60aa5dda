/**
 * A group of tests that share one MCP Lens, one page and what `setup` did on it (a connected
 * server, the panel open), run in order on one worker. For tests that each start from "the app,
 * connected" and read nothing an earlier one left: on 2 cores a bridge, a page load and a server
 * start cost about 3 s of CPU, more than many such tests themselves. Tests that look at the
 * session as a whole (the timeline, the journal, the connection list) keep a fresh MCP Lens each
 * (fixtures.ts). Call inside a `test.describe`, and declare the group's tests on what it returns.
 * One failure skips the rest of the group: they would start from a page in an unknown state.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test } from './fixtures.js';
import { startLens, type Lens } from './lens.js';

export function sharedSession(
  setup: (page: Page, lens: Lens) => Promise<void>,
  each?: (page: Page, lens: Lens) => Promise<void>,
): typeof test {
  let shared: { lens: Lens; context: BrowserContext; page: Page } | undefined;
  const current = (): NonNullable<typeof shared> => {
    if (!shared) throw new Error('the shared session did not start (see the first test of the group)');
    return shared;
  };
  const grouped = test.extend({
    page: async ({}, use) => use(current().page),
    lens: async ({}, use, testInfo) => {
      await use(current().lens);
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach('bridge output', { body: current().lens.output(), contentType: 'text/plain' });
    },
  });
  grouped.describe.configure({ mode: 'serial' });
  grouped.beforeAll(async ({ browser }) => {
    const lens = await startLens();
    const context = await browser.newContext();
    shared = { lens, context, page: await context.newPage() };
    await setup(shared.page, lens);
  });
  // Back to where every test starts (the panel, say): an earlier test may have left another open.
  if (each) grouped.beforeEach(async () => each(current().page, current().lens));
  grouped.afterAll(async () => {
    await shared?.context.close();
    await shared?.lens.stop();
    shared = undefined;
  });
  return grouped;
}

/**
 * One bridge and one tab for a group of tests that each open the app themselves (`app.open`):
 * before each, the tab forgets the app (what it keeps in localStorage, the page itself, any
 * filter in its address), so every test loads it as a fresh tab would, without a bridge and a
 * browser context of its own (about 0.85 CPU-s a test on the 2-core machine). The bridge's
 * session is the group's: only for tests that read what they made by its own name (their
 * connection's card, a comparison they ran), never the timeline's list (earlier tests' rows push
 * theirs out of its window, and the linter's findings depend on what came before).
 */
export const freshTabs = (): typeof test =>
  sharedSession(
    async () => undefined,
    async (page, lens) => {
      if (page.url().startsWith(lens.origin)) await page.evaluate(() => localStorage.clear());
      await page.goto('about:blank');
    },
  );
