import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/chromium.mjs';

// The browser choice is shared with the benchmarks (scripts/chromium.mjs): both measure the same engine.
const executablePath = chromiumExecutable();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Deadlines for a 2-core machine loaded many times over (a click took 23 s there while the
  // flood spec ran beside another suite): a passing test never waits for them.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  // Every test has its own bridge (support/fixtures.ts), so any test may run on any worker.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // No trace by default: recording one costs every test about a second of CPU (DOM snapshots
    // in the page, their transfer and the browser's side), about a fifth of a test on 2 cores,
    // and a passing test throws it away. To keep a failed test's trace (actions, DOM snapshots,
    // console, network): `npm run e2e -- --trace retain-on-failure`, then `npx playwright
    // show-trace` on the zip it names. No screencast either way: Chromium encodes it frame by frame.
    trace: 'off',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // A spec's page lives for seconds: V8's optimizing tiers (Maglev, TurboFan) would compile
      // code that runs too briefly to repay it. Without them a tools spec's renderer spent a
      // quarter less CPU, and the flood and large-session specs took as long as with them. The
      // benchmarks keep the engine as users run it.
      args: [...CHROMIUM_ARGS, '--js-flags=--no-opt --no-maglev'],
    },
  },
});
