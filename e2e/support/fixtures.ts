import { test as base, expect } from '@playwright/test';
import { startLens, type Lens } from './lens.js';

/** One MCP Lens per worker, started with `npm start`, like a user would. */
export const test = base.extend<{ pageErrors: string[] }, { lens: Lens }>({
  lens: [
    async ({}, use) => {
      const lens = await startLens();
      await use(lens);
      await lens.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
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
