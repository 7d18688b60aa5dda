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
    // A failed test keeps its trace: actions, DOM snapshots, console and network. Not the
    // screencast: Chromium encodes it frame by frame through every passing test too, and on
    // 2 cores that was about a second of CPU per test (its browser and GPU processes: 38 s of
    // CPU for the tools and connect specs with it, 17 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: CHROMIUM_ARGS,
    },
  },
});
