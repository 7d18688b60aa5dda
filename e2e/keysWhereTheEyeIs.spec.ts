/**
 * The keyboard goes where the eye goes: a tab switched to, by the mouse or the keyboard, has its
 * panel take the focus, so the Timeline's keys (`?`, `/`, `j`) work at once; the arrow keys
 * still walk the tabs themselves.
 */
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';

atEachViewport(
  () => {
    test("after a click on the Timeline tab, its keys work without a click in the list; every tab's panel takes the focus", async ({
      page,
      lens,
    }) => {
      const app = new AppPage(page);
      await app.open(lens.url);
      const conn = await app.connect('Handshake');
      await expect(conn.getByTestId('flow-pill')).toBeVisible();
      const tl = new TimelinePage(page);
      const panel = page.getByRole('tabpanel');
      const focusInPanel = (): Promise<boolean> => panel.evaluate((el) => el.contains(document.activeElement));

      // By the mouse: away to Tools, back to Timeline, and the keys act at once.
      await page.getByRole('tab', { name: 'Tools' }).click();
      await expect(page.getByTestId('tool-item').first()).toBeVisible();
      await page.getByRole('tab', { name: 'Timeline' }).click();
      await expect(tl.panel).toBeVisible();
      await expect(tl.rows.first()).toBeVisible();
      await page.keyboard.press('?');
      const shortcuts = page.getByRole('dialog', { name: /shortcuts/i });
      await expect(shortcuts).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(shortcuts).toBeHidden();
      await page.getByRole('tab', { name: 'Resources' }).click();
      await page.getByRole('tab', { name: 'Timeline' }).click();
      await page.keyboard.press('j');
      await expect(tl.list.locator('[data-testid="timeline-row"][aria-selected="true"]')).toHaveCount(1);
      await expect(tl.list).toBeFocused();
      await page.getByRole('tab', { name: 'Prompts' }).click();
      await page.getByRole('tab', { name: 'Timeline' }).click();
      await page.keyboard.press('/');
      await expect(tl.search).toBeFocused();

      // By the keyboard: the arrows walk the tabs and leave the focus on them; Enter opens the panel.
      const compare = page.getByRole('tab', { name: 'Compare flows' });
      await page.getByRole('tab', { name: 'Timeline' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(compare).toBeFocused();
      await expect(compare).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowLeft');
      const timelineTab = page.getByRole('tab', { name: 'Timeline' });
      await expect(timelineTab).toBeFocused();
      await expect(timelineTab).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect.poll(focusInPanel).toBe(true);
      await page.keyboard.press('j');
      await expect(tl.list).toBeFocused();

      // Every tab's panel, by the mouse.
      for (const name of ['Tools', 'Resources', 'Prompts', 'Timeline', 'Compare flows', 'Workshop']) {
        await page.getByRole('tab', { name, exact: true }).click();
        await expect.poll(focusInPanel, name).toBe(true);
      }
    });
  },
  { layout: true },
);
