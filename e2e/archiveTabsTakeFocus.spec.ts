/**
 * The views of an opened recording (Timeline, Compare flows, Replay) hand the focus to their
 * panel when switched to, as the live app's tabs do: the Timeline's `?`, `/` and `j` work at
 * once after a tab switch, without a click in the list first.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';

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

atEachViewport(() => {
  test("an opened recording's Timeline keys work right after its tab is switched to", async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake');
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    const reply = await fetch(`${lens.origin}/api/session`, { headers: { Authorization: `Bearer ${lens.token}` } });
    const journal = fs.readFileSync(((await reply.json()) as { journalFile: string }).journalFile, 'utf8');
    await dropFile(page, 'recorded.jsonl', journal);
    await expect(page.getByTestId('archive-banner')).toContainText('recorded.jsonl (read-only');

    const views = page.getByRole('tablist', { name: 'Views of the session' });
    const tl = new TimelinePage(page);
    await views.getByRole('tab', { name: 'Compare flows' }).click();
    await views.getByRole('tab', { name: 'Timeline' }).click();
    await expect(tl.rows.first()).toBeVisible();
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: /shortcuts/i });
    await expect(shortcuts).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shortcuts).toBeHidden();

    await views.getByRole('tab', { name: 'Replay' }).click();
    await views.getByRole('tab', { name: 'Timeline' }).click();
    await expect(tl.rows.first()).toBeVisible();
    await page.keyboard.press('j');
    await expect(tl.list.locator('[data-testid="timeline-row"][aria-selected="true"]')).toHaveCount(1);
    await expect(tl.list).toBeFocused();

    await views.getByRole('tab', { name: 'Compare flows' }).click();
    await views.getByRole('tab', { name: 'Timeline' }).click();
    await expect(tl.rows.first()).toBeVisible();
    await page.keyboard.press('/');
    await expect(tl.search).toBeFocused();
  });
});
