// The shell is exactly the window and only its panes scroll: a hidden input or a long list of
// connections never makes the page taller, so a wheel over the top bar or a panel leaves the
// header, the tabs and the panel where they are. The sidebar folds away (and stays folded after a
// reload) so the timeline and Compare get the width, and connection cards are compact enough that
// the list is in view beside the connect form in a 900 px high window.
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';

/** How tall the document is, and how far it is scrolled, against the window. */
const documentFit = (page: Page): Promise<{ scrollHeight: number; innerHeight: number; scrollY: number }> =>
  page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
    scrollY: window.scrollY,
  }));

atEachViewport(
  () => {
    test('with twenty connections the page is the window, and a wheel over the top bar or the Tools panel moves nothing', async ({
      page,
      lens,
    }) => {
      const app = new AppPage(page);
      await app.open(lens.url);
      const demoServer = { command: await page.getByLabel('Command').inputValue(), args: await demoArgs(page) };
      // Nineteen that could not start (a cheap card each) and the demo, whose tools the panel shows.
      for (let i = 0; i < 19; i++) {
        const card = await app.connect('Handshake', { command: `no-such-server-${i}`, args: [] });
        await expect(card).toHaveAttribute('data-status', 'failed');
      }
      const demo = await app.connect('Handshake', demoServer);
      await expect(demo.getByTestId('flow-pill')).toBeVisible();
      await page.getByRole('tab', { name: 'Tools' }).click();
      await expect(page.getByTestId('tool-item').first()).toBeVisible();

      const fit = await documentFit(page);
      expect(fit).toEqual({ scrollHeight: fit.innerHeight, innerHeight: fit.innerHeight, scrollY: 0 });

      const header = page.locator('header.topbar');
      const tabs = page.getByRole('tablist', { name: 'Panels' });
      const topbarBox = await header.boundingBox();
      const toolsBox = await page.getByTestId('tool-item').first().boundingBox();
      if (!topbarBox || !toolsBox) throw new Error('the top bar or the tools list is not on screen');
      await page.mouse.move(topbarBox.x + topbarBox.width / 2, topbarBox.y + topbarBox.height / 2);
      await page.mouse.wheel(0, 1500);
      await page.mouse.move(toolsBox.x + toolsBox.width / 2, toolsBox.y + toolsBox.height / 2);
      await page.mouse.wheel(0, 1500);
      // The sidebar, a pane of its own, does scroll: once it has, the wheels before it were handled.
      const sidebar = page.getByRole('complementary', { name: 'Servers' });
      const sideBox = await sidebar.boundingBox();
      if (!sideBox) throw new Error('no sidebar');
      await page.mouse.move(sideBox.x + sideBox.width / 2, sideBox.y + sideBox.height / 2);
      await page.mouse.wheel(0, 400);
      await expect.poll(() => sidebar.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

      expect((await documentFit(page)).scrollY).toBe(0);
      expect((await header.boundingBox())?.y).toBe(0);
      await expect(header).toBeInViewport({ ratio: 1 });
      await expect(tabs).toBeInViewport({ ratio: 1 });
    });

    test('the sidebar folds away, giving the timeline the width, and stays folded after a reload', async ({ page, lens }) => {
      const app = new AppPage(page);
      await app.open(lens.url);
      const sidebar = page.getByRole('complementary', { name: 'Servers' });
      const work = page.getByRole('tablist', { name: 'Panels' });
      await expect(sidebar).toBeVisible();
      const before = (await work.boundingBox())?.width ?? 0;

      await page.getByRole('button', { name: 'Hide the sidebar' }).click();
      await expect(sidebar).toBeHidden();
      await expect.poll(async () => (await work.boundingBox())?.width ?? 0).toBeGreaterThan(before + 200);

      await page.reload();
      await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
      await expect(page.getByRole('button', { name: 'Show the sidebar' })).toBeVisible();
      await expect(sidebar).toBeHidden();

      await page.getByRole('button', { name: 'Show the sidebar' }).click();
      await expect(sidebar).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
      await expect(sidebar).toBeVisible();
    });

    test('in a 900 px high window the cards are compact and the list of connections is in view', async ({ page, lens }, testInfo) => {
      const width = testInfo.project.use.viewport?.width ?? page.viewportSize()?.width ?? 1280;
      await page.setViewportSize({ width, height: 900 });
      const app = new AppPage(page);
      await app.open(lens.url);
      for (let i = 0; i < 3; i++) {
        const card = await app.connect('Auto');
        await expect(card.getByTestId('flow-pill')).toBeVisible();
      }
      // The sidebar as it opens, unscrolled: every card whole in the window.
      await page.getByRole('complementary', { name: 'Servers' }).evaluate((el) => el.scrollTo(0, 0));
      for (const card of await app.connections.all()) await expect(card).toBeInViewport({ ratio: 1 });

      // The auto probe's explanation and the raw line box are one click away, not on every card.
      const card = app.connections.first();
      await expect(card.getByText(/auto: probing with server\/discover/)).toBeHidden();
      await expect(card.getByText('server/discover answered')).toBeVisible();
      await card.getByRole('button', { name: /steps/ }).click();
      await expect(card.getByText(/auto: probing with server\/discover/)).toBeVisible();

      await expect(card.getByLabel(/^Send a raw line/)).toBeHidden();
      await card.getByRole('button', { name: 'Raw line…' }).click();
      await expect(card.getByLabel(/^Send a raw line/)).toBeVisible();
    });
  },
  { layout: true },
);

/** The demo server's script, as the connect form is prefilled with it. */
async function demoArgs(page: Page): Promise<string[]> {
  return (await page.getByLabel(/^Arguments/).inputValue()).split('\n');
}
