import { defineConfig } from '@playwright/test';
import fs from 'node:fs';

// CHROMIUM_PATH when set; else Debian's headless shell (the same engine without the browser's
// own UI, so a test costs about 40% less CPU: what a 2-core machine has least of), then Debian's
// full chromium; Playwright's own browser elsewhere.
const executablePath =
  process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Deadlines for a loaded 2-core machine: a passing test never waits for them.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Every test has its own bridge (support/fixtures.ts), so any test may run on any worker.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
