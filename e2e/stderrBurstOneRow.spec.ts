/**
 * A server's stack trace, written at once on stderr, is one timeline row that expands to show
 * every line (each still its own event in the record), not a hundred rows.
 */
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { fixture } from './support/lens.js';
import { atEachViewport } from './support/viewports.js';

atEachViewport(() => {
  test('a 100-line stack trace on stderr is one row that expands to its lines', async ({ page, lens, pageErrors }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const card = await app.connect('Handshake', { command: 'node', args: [fixture('stack-trace.mjs')] });
    await expect(card.getByTestId('flow-pill')).toBeVisible();
    const id = (await card.getAttribute('data-conn')) ?? '';
    const tl = new TimelinePage(page);
    await tl.open();
    await tl.indexedAll(100);
    await tl.toggleFacet('conn', id);
    await tl.toggleFacet('kind', 'stderr');
    const row = tl.rows;
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-events', '100');
    await expect(row).toContainText('Error: the config could not be read (+99 lines)');
    // Its detail holds every line, exact.
    await tl.select(row);
    await expect(tl.exactLine).toHaveCount(100);
    await expect(tl.exactLine.first()).toHaveText('Error: the config could not be read');
    await expect(tl.exactLine.last()).toHaveText('    at step98 (file:///srv/app/loader.js:99:7)');
    // Expanded, the row shows its lines one under another.
    await row.getByRole('button', { name: 'Expand' }).click();
    await expect(page.getByTestId('timeline-line').filter({ hasText: 'at step' }).first()).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
