import { test as base, expect } from '@playwright/test';
import { startLens, type Lens } from './lens.js';

/**
 * A fresh MCP Lens for every test: what one test leaves behind (a journal of 50,000 lines for
 * the next page to replay, servers still running, connections in the list) never slows or
 * confuses the next one, whichever worker runs it and in whatever order.
 */
export const test = base.extend<{ lens: Lens; pageErrors: string[] }>({
  lens: async ({}, use, testInfo) => {
    const lens = await startLens();
    try {
      await use(lens);
    } finally {
      await lens.stop();
      // What the bridge printed (a crash's stack among it) goes with a failed test's report.
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach('bridge output', { body: lens.output(), contentType: 'text/plain' });
    }
  },
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await use(errors);
  },
});
export { expect };
