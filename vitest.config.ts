import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time; the slow files mostly wait on the
    // processes they start, so three at once finish sooner without starving the machine.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['protocol/**/*.test.ts', 'bridge/**/*.test.ts', 'demo/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Deadlines for a 2-core machine loaded many times over (at a load of 30 a 200,000-line
          // flood took more than 90 s to journal); a passing test never waits for them.
          testTimeout: 600_000,
          hookTimeout: 600_000,
          globalSetup: ['./scripts/test-global-setup.ts'],
        },
      },
    ],
  },
});
