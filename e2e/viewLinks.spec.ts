/**
 * A link to a view works: "Copy link to this view" copies the timeline's address without the
 * token, and a new tab of the same browser, where MCP Lens is open, opens it on that view. A
 * browser with no such tab is told it has no token, and how to get one.
 */
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

atEachViewport(() => {
  test('a copied link to a view opens that view in a new tab of the same browser, and only there', async ({ page, lens, browser }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake');
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    const tl = new TimelinePage(page);
    await tl.open();
    await app.filter('initialize');
    // The search is applied once typing pauses: the address bar then shows it.
    await expect(page).toHaveURL(/q:initialize/);
    await expect(tl.rows.first()).toBeVisible();

    await page.getByRole('button', { name: 'Copy link to this view' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${lens.origin}/#tl=.*q:initialize`));
    expect(link).not.toContain(lens.token);
    expect(link).not.toContain('token');

    // A new tab, the link pasted in its address bar: the same view, working.
    const other = await page.context().newPage();
    await other.goto(link);
    await expect(other.getByTestId('socket-status')).toHaveText('bridge connected');
    await expect(other.getByTestId('timeline-search')).toHaveValue('initialize');
    await expect(other.getByTestId('timeline-row').first()).toBeVisible();
    // It keeps the token for itself: a reload still works with the first tab gone.
    await page.close();
    await other.reload();
    await expect(other.getByTestId('socket-status')).toHaveText('bridge connected');
    await other.close();

    // Another browser (no tab of MCP Lens open in it) is not given the token, and says why.
    const stranger = await browser.newContext();
    try {
      const alone = await stranger.newPage();
      await alone.goto(link);
      await expect(alone.getByTestId('socket-status')).toHaveText('not connected');
      await expect(alone.getByRole('alert').filter({ hasText: 'no token' })).toContainText('another tab');
    } finally {
      await stranger.close();
    }
  });
});
