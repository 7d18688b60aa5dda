import { test } from './fixtures.js';

/**
 * The two windows a new user's first hour is checked at: a 13-inch laptop and a desktop monitor.
 * A layout that holds at one and breaks at the other is the kind of fault a single size misses.
 */
export const VIEWPORTS = [
  { name: '1280x720', width: 1280, height: 720 },
  { name: '1920x1080', width: 1920, height: 1080 },
] as const;

/**
 * Whether a behaviour spec runs at both sizes too. A spec about layout always does; one about
 * behaviour (what goes on the wire, what a copied command prints) runs at the laptop size, where
 * a control is likeliest to be out of reach, and at both with MCP_LENS_E2E_VIEWPORTS=both: its
 * second run doubled its cost and `npm test` has 2 cores and 10 minutes.
 */
const BOTH = process.env.MCP_LENS_E2E_VIEWPORTS === 'both';

/**
 * Runs `body` (which declares tests) once per viewport, each in its own describe block.
 * `layout`: what the spec proves depends on the window's size, so it runs at both always.
 */
export function atEachViewport(body: (size: (typeof VIEWPORTS)[number]) => void, { layout = false } = {}): void {
  for (const size of layout || BOTH ? VIEWPORTS : VIEWPORTS.slice(0, 1)) {
    test.describe(`at ${size.name}`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });
      body(size);
    });
  }
}
