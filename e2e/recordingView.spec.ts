// A recording opened from a file is read-only and the page says so by what it offers: no "Follow
// live" on its timeline; the toast about its cut-off last line sits clear of the tab bar; and
// once it is replayed, the tab bar holds the replay's outcome with every tab's label on one line,
// until the user moves on to another panel.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';

async function dropFile(page: Page, name: string, content: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ name, content }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], name));
      return dt;
    },
    { name, content },
  );
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent('body', 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent('body', 'drop', { dataTransfer: transfer });
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator.toString()} is not on screen`);
  return b;
}

/** How many lines a button's label takes: one client rect per line of its text. */
const labelLines = (tab: Locator): Promise<number> =>
  tab.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

atEachViewport(
  () => {
    test('a cut-off recording: its toast clear of the tab bar, no Follow live, and a replay whose status leaves with the panel', async ({
      page,
      lens,
    }) => {
      const app = new AppPage(page);
      await app.open(lens.url);
      const conn = await app.connect('Handshake');
      await expect(conn.getByTestId('flow-pill')).toBeVisible();
      const reply = await fetch(`${lens.origin}/api/session`, { headers: { Authorization: `Bearer ${lens.token}` } });
      const journal = fs.readFileSync(((await reply.json()) as { journalFile: string }).journalFile, 'utf8');
      await dropFile(page, 'recorded.jsonl', `${journal}{"seq":99999,"t":1,"ki`);

      await expect(page.getByTestId('archive-banner')).toContainText('recorded.jsonl (read-only');
      const toast = page.getByTestId('open-status');
      await expect(page.getByTestId('open-warning')).toContainText('1 damaged line(s) skipped');
      const views = page.getByRole('tablist', { name: 'Views of the session' });
      const [t, v] = [await box(toast), await box(views)];
      expect(t.y >= v.y + v.height || t.y + t.height <= v.y, `toast ${JSON.stringify(t)} over the tab bar ${JSON.stringify(v)}`).toBe(true);

      // A recording does not grow: nothing to follow.
      await expect(page.getByTestId('waterfall-fit')).toBeVisible();
      await expect(page.getByTestId('waterfall-follow')).toHaveCount(0);

      await views.getByRole('tab', { name: 'Replay' }).click();
      await page.getByTestId('replay-start').click();
      await expect(page.getByTestId('replay-summary')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
      await page.getByTestId('replay-show-timeline').click();
      const status = page.getByTestId('replay-status');
      await expect(status).toContainText('replay done');
      await expect(page.getByTestId('back-to-archive')).toBeVisible();
      const panels = page.getByRole('tablist', { name: 'Panels' });
      for (const tab of await panels.getByRole('tab').all()) expect(await labelLines(tab), await tab.innerText()).toBe(1);

      // Seen, and left behind: another panel does not carry it.
      await panels.getByRole('tab', { name: 'Tools' }).click();
      await expect(status).toHaveCount(0);
    });
  },
  { layout: true },
);
