// An earlier session large enough to keep its index (ADR 7): the first opening reads the
// journal and keeps the index on the bridge, the second opens from it, in a real browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './support/fixtures.js';
import { startLens } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { generateSession } from '../scripts/bench/journal/generate.mjs';

test('the first opening of a large session keeps its index; the next opens from it with the same rows', async ({ browser }) => {
  test.setTimeout(300_000);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-e2e-saved-'));
  // About 36 MB: over the 32 MiB from which an index is kept.
  const census = await generateSession({ home, events: 110_000, seed: 4 });
  expect(census.bytes).toBeGreaterThan(32 * 1024 * 1024);
  const lens = await startLens({ home });
  const indexFile = path.join(home, 'journal', `${census.session}.index`);
  try {
    const openSession = async () => {
      const page = await browser.newPage();
      await new AppPage(page).open(lens.url);
      await page.getByTestId('past-sessions').getByRole('button', { name: census.session, exact: true }).click();
      await expect(page.getByTestId('archive-banner')).toContainText(census.session);
      const tl = new TimelinePage(page);
      await expect(tl.stats).toHaveAttribute('data-complete', 'true', { timeout: 120_000 });
      await expect(tl.stats).toHaveAttribute('data-indexed', String(census.events));
      return { page, tl };
    };

    const first = await openSession();
    expect(fs.existsSync(indexFile)).toBe(false);
    // Kept once lint has filed every finding.
    await expect(first.tl.stats).toHaveAttribute('data-saved', 'saved', { timeout: 180_000 });
    await expect(first.page.getByText('index saved', { exact: true })).toBeVisible();
    expect(fs.statSync(indexFile).size).toBeGreaterThan(0);
    const rows = await first.tl.stats.getAttribute('data-rows');
    await first.tl.search.fill(census.needle);
    await expect(first.tl.rows).toHaveCount(1);
    const found = await first.tl.rows.first().getAttribute('data-row');
    await first.page.close();

    const second = await openSession();
    await expect(second.tl.stats).toHaveAttribute('data-saved', 'loaded');
    await expect(second.page.getByText('from its saved index', { exact: true })).toBeVisible();
    await expect(second.tl.stats).toHaveAttribute('data-rows', rows ?? '');
    // Findings came with it: nothing left for lint to read.
    await expect(second.tl.stats).toHaveAttribute('data-lint-done', 'true');
    await second.tl.search.fill(census.needle);
    await expect(second.tl.rows).toHaveCount(1);
    await expect(second.tl.rows.first()).toHaveAttribute('data-row', found ?? '');
    await second.page.close();
  } finally {
    await lens.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
});
