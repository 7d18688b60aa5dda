// Replay in the app on an answer that is JSON written out as text (the demo's info://server-info):
// the verdict's detail names the path into the text where the answer changed and shows both
// values, and the pid and start time, new on every start of the server, are set aside. Before,
// the whole text was one difference, both sides cut to the same first 200 characters.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './support/fixtures.js';
import { binJs, root } from './support/lens.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';

const demo = path.join(root, 'dist', 'node', 'demo', 'server.js');

/**
 * A session recorded with `mcp-lens call` reading info://server-info, its recorded answer then
 * changed as an older server would have written it: `"version": "0.0.9"` inside the text.
 */
function recordOlderServerInfo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-replay-where-'));
  const file = path.join(dir, 'recorded.mcplens.json');
  execFileSync(
    process.execPath,
    [binJs, 'call', '--method', 'resources/read', '--uri', 'info://server-info', '--record', file, '--', 'node', demo],
    {
      stdio: 'pipe',
    },
  );
  const session = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    events: Array<{ kind: string; stream?: string; text?: string; size?: number }>;
  };
  let changed = 0;
  for (const event of session.events) {
    if (event.kind !== 'line' || event.stream !== 'stdout' || !event.text?.includes('info://server-info')) continue;
    const line = JSON.parse(event.text) as { result?: { contents?: Array<{ text: string }> } };
    const content = line.result?.contents?.[0];
    if (!content) continue;
    content.text = JSON.stringify({ ...(JSON.parse(content.text) as object), version: '0.0.9' }, null, 2);
    event.text = JSON.stringify(line);
    event.size = Buffer.byteLength(event.text);
    changed++;
  }
  expect(changed).toBe(1);
  fs.writeFileSync(file, JSON.stringify(session));
  return file;
}

atEachViewport(() => {
  test('a replayed answer that differs inside JSON text shows the path into it and both values', async ({ page, lens, pageErrors }) => {
    const file = recordOlderServerInfo();
    const app = new AppPage(page);
    await app.open(lens.url);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-file-button').click();
    await (await chooser).setFiles(file);
    await expect(page.getByTestId('archive-banner')).toContainText('recorded.mcplens.json');
    await page.getByRole('tab', { name: 'Replay' }).click();
    await expect(page.getByTestId('replay-form')).toBeVisible();
    await page.getByTestId('replay-start').click();
    const summary = page.getByTestId('replay-summary');
    await expect(summary).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
    await expect(summary).toHaveAttribute('data-differ', '1');

    await page.getByTestId('replay-show-timeline').click();
    const timeline = new TimelinePage(page);
    await expect(timeline.panel).toBeVisible();
    await app.filter('replay.exchange');
    const where = '$.result.contents[0].text.version';
    const verdict = timeline.rows.filter({ hasText: `replay resources/read info://server-info: differs at ${where}` });
    await expect(verdict).toHaveCount(1);
    const detail = await app.selectRow(verdict);
    // One difference: the version. The pid and startedAt inside the same text are set aside.
    const diff = detail.getByTestId('replay-diff-row');
    await expect(diff).toHaveCount(1);
    await expect(diff).toHaveAttribute('data-path', where);
    await expect(diff.getByTestId('replay-diff-recorded')).toHaveText('"0.0.9"');
    await expect(diff.getByTestId('replay-diff-replayed')).toHaveText('"0.1.0"');
    await diff.scrollIntoViewIfNeeded();
    await expect(diff).toBeInViewport();
    expect(pageErrors).toEqual([]);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
