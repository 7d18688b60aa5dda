import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['protocol/**/*.test.ts', 'bridge/**/*.test.ts', 'demo/**/*.test.ts', 'web/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['./scripts/test-global-setup.ts'],
        },
      },
    ],
  },
});
