import { test } from './fixtures.js';

/**
 * The two windows a new user's first hour is checked at: a 13-inch laptop and a desktop monitor.
 * A layout that holds at one and breaks at the other is the kind of fault a single size misses.
 */
export const VIEWPORTS = [
  { name: '1280x720', width: 1280, height: 720 },
  { name: '1920x1080', width: 1920, height: 1080 },
] as const;

/** Runs `body` (which declares tests) once per viewport, each in its own describe block. */
export function atEachViewport(body: (size: (typeof VIEWPORTS)[number]) => void): void {
  for (const size of VIEWPORTS) {
    test.describe(`at ${size.name}`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });
      body(size);
    });
  }
}
