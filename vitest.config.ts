import { defineConfig } from 'vitest/config';

/** Settings both projects share. */
const node = {
  environment: 'node' as const,
  // Deadlines for a 2-core machine loaded many times over (at a load of 30 a 200,000-line
  // flood took more than 90 s to journal); a passing test never waits for them.
  testTimeout: 600_000,
  hookTimeout: 600_000,
  globalSetup: ['./scripts/test-global-setup.ts'],
};

/** Tests that measure this process's memory, which worker threads would share. */
const memory = ['bridge/flood.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time; the slow files mostly wait on the
    // processes they start, so three at once finish sooner without starving the machine.
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...node,
          name: 'node',
          include: ['protocol/**/*.test.ts', 'bridge/**/*.test.ts', 'demo/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: memory,
          // Each file still gets a fresh module graph, in a worker thread rather than a child
          // process: about a tenth less CPU for the whole suite (no Node to boot per file), and
          // the processes under test are real child processes either way.
          pool: 'threads',
          // One module graph per worker, not per file: the files import the same protocol and
          // bridge modules, and importing them afresh for each of 80 files was a sixth of the
          // suite's CPU. No test mocks a module; the two that spy on a method restore it.
          isolate: false,
        },
      },
      {
        // Its own process: its heap and RSS bounds would count the other threads' work.
        test: { ...node, name: 'memory', include: memory, pool: 'forks' },
      },
    ],
  },
});
