import { defineConfig } from '@playwright/test';
import fs from 'node:fs';

// Debian's chromium when present (CI installs it); Playwright's own browser elsewhere.
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

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
