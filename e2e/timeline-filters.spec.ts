// Facets and search narrow the timeline to what matches, over every row, and undo cleanly.
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import path from 'node:path';
import { fixture, root } from './support/lens.js';

const demoServer = path.join(root, 'dist', 'node', 'demo', 'server.js');

test('facets and search narrow the rows, and clearing them brings every row back', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  // Two connections: the demo server (calls, one of them failing) and a server that writes stderr.
  const noisy = await app.connect('Handshake', { command: 'node', args: [fixture('stderr-noise.mjs')] });
  await expect(noisy.getByTestId('flow-pill')).toBeVisible();
  const noisyId = (await noisy.getAttribute('data-conn')) ?? '';
  const demo = await app.connect('Handshake', { command: process.execPath, args: [demoServer] });
  await expect(demo.getByTestId('flow-pill')).toBeVisible();
  const demoId = (await demo.getAttribute('data-conn')) ?? '';
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('Echo');
  for (const message of ['alpha', 'beta', 'gamma']) {
    await tools.field('tool-echo_message').fill(message);
    await tools.send();
    await expect(tools.result.getByTestId('block-text')).toContainText(`Echo: ${message}`);
  }
  // The demo's echo also logs what it echoes (a notification of its own): the needle goes in a
  // call that nothing else repeats.
  await tools.pick('Fail');
  await tools.field('tool-fail_reason').fill('needle in the list');
  await tools.send();
  await expect(tools.result).toHaveAttribute('data-kind', 'tool-error');

  const tl = new TimelinePage(page);
  await tl.open();
  await tl.indexedAll();
  const all = await tl.figures();

  // A method: only tools/call rows, all four calls.
  await tl.toggleFacet('method', 'tools/call');
  await expect(tl.rows).toHaveCount(4);
  expect(new Set(await tl.attrs('data-method'))).toEqual(new Set(['tools/call']));
  // And a status on top (facets combine with AND): the one isError.
  await tl.toggleFacet('status', 'isError');
  await expect(tl.rows).toHaveCount(1);
  await expect(tl.rows).toHaveAttribute('data-status', 'isError');
  await expect(tl.stats).toHaveAttribute('data-matching', '1');
  await tl.toggleFacet('status', 'isError');
  await tl.toggleFacet('method', 'tools/call');
  await tl.unfiltered();

  // A connection and a kind: the noisy server's stderr only, none of the demo's.
  await tl.toggleFacet('conn', noisyId);
  await tl.toggleFacet('kind', 'stderr');
  await expect(tl.rows.first()).toBeVisible();
  expect(new Set(await tl.attrs('data-conn'))).toEqual(new Set([noisyId]));
  expect(new Set(await tl.attrs('data-kind'))).toEqual(new Set(['stderr']));
  const stderrOnly = await tl.figures();
  // Its 200 lines at start are one burst (a row or so), each line it writes on a request one more.
  expect(stderrOnly.matching).toBeGreaterThanOrEqual(2);
  expect(stderrOnly.matching).toBeLessThan(all.rows);
  await tl.toggleFacet('kind', 'stderr');
  await tl.toggleFacet('conn', noisyId);
  await tl.unfiltered();

  // Direction: what came in from the servers, none of what the client sent.
  await tl.toggleFacet('direction', 'in');
  await expect(tl.rows.first()).toBeVisible();
  await expect(tl.row({ method: 'initialize' })).toHaveCount(0);
  await tl.toggleFacet('direction', 'in');
  await tl.unfiltered();

  // Search over the raw lines: one exchange holds the text (in its request and its answer).
  await tl.searchFor('needle in the list');
  await expect(tl.rows).toHaveCount(1);
  await expect(tl.rows).toHaveAttribute('data-conn', demoId);
  await expect(tl.rows).toHaveAttribute('data-method', 'tools/call');
  await expect(tl.rows).toHaveAttribute('data-status', 'isError');
  // Case does not matter; text no line holds matches nothing.
  await tl.searchFor('NEEDLE IN THE LIST');
  await expect(tl.rows).toHaveCount(1);
  await tl.searchFor('no line holds this text');
  await expect(tl.rows).toHaveCount(0);
  await expect(tl.stats).toHaveAttribute('data-matching', '0');
  await tl.searchFor('');
  await tl.unfiltered();
  expect((await tl.figures()).rows).toBe(all.rows);
});

test('findings only keeps the rows the linter flagged', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  // A server whose first words are not JSON: that line is flagged, the handshake is not.
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('non-json.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const tl = new TimelinePage(page);
  await tl.open();
  await tl.indexedAll();
  await tl.findingsOnly(true);
  await expect(tl.rows.filter({ hasText: 'Server starting... (not JSON)' })).toHaveCount(1);
  await expect(tl.row({ method: 'initialize' })).toHaveCount(0);
  // Against the rows there are now: the opening's later answers may still have been arriving
  // when the list was first indexed, and the stats catch up with the filter a moment after it.
  await expect
    .poll(async () => {
      const flagged = await tl.figures();
      return flagged.matching > 0 && flagged.matching < flagged.rows;
    })
    .toBe(true);
  await tl.findingsOnly(false);
  await tl.unfiltered();
});
