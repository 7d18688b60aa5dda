// A flood of 200,000 lines on one connection: a tool call on another one still returns in the
// Tools panel while the flood is under way, and afterwards every line is in the timeline.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { fixture } from './support/lens.js';
import type { Page } from '@playwright/test';

const LINES = 200_000;

test('a tool call returns during a flood of 200,000 lines, and none of them is missing', async ({ page, lens }) => {
  // Room for a loaded machine to index 200,000 lines; a passing run never waits for it.
  test.setTimeout(300_000);
  const app = new AppPage(page);
  await app.open(lens.url);
  const demo = await app.connect('Handshake');
  await expect(demo.getByTestId('flow-pill')).toBeVisible();
  const demoId = (await demo.getAttribute('data-conn')) ?? '';
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('Echo');
  await tools.field('tool-echo_message').fill('during the flood');

  // The flood holds its last line back until told (flood-held.mjs): the call below is made
  // while the flood is still under way, however fast the machine.
  await page.getByLabel(/^Environment/).fill(`FLOOD_LINES=${LINES}`);
  const flood = await app.connect('Handshake', { command: 'node', args: [fixture('flood-held.mjs')] }, { launchOnly: true });
  const floodId = (await flood.getAttribute('data-conn')) ?? '';
  await expect(page.getByTestId('active-conn')).toContainText(demoId);
  const journal = path.join(lens.home, 'journal', `${await sessionOf(page)}.jsonl`);
  // Under way: a few megabytes of it journaled already (each line is about 300 bytes there).
  await expect.poll(() => fs.statSync(journal).size).toBeGreaterThan(3_000_000);

  await tools.send();
  await expect(tools.result.getByTestId('block-text')).toContainText('Echo: during the flood');
  expect(journalHas(journal, '"flood done"')).toBe(false);

  await app.sendRaw(flood, 'go');
  const tl = new TimelinePage(page);
  await tl.open();
  await tl.toggleFacet('conn', floodId);
  await expect.poll(async () => (await tl.figures()).matching, { timeout: 240_000 }).toBeGreaterThanOrEqual(LINES);
  await tl.indexedAll(LINES);
  // The last line and the first are both there.
  for (const n of [LINES - 1, 0]) {
    await tl.searchFor(`"n":${n},`);
    await expect(tl.rows).toHaveCount(1);
    await expect(tl.rows).toHaveAttribute('data-conn', floodId);
  }

  // A reloaded tab holds only the newest events whole; the export still carries every one.
  const journaled = countLines(journal);
  await page.reload();
  await tl.open();
  await tl.indexedAll(journaled, 120_000);
  await page.getByTestId('export-session').click();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByTestId('export-download').click()]);
  const doc = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { events: { seq: number }[] };
  expect(doc.events.length).toBeGreaterThanOrEqual(journaled);
  const first = JSON.parse(fs.readFileSync(journal, 'utf8').slice(0, 4096).split('\n')[0] ?? '') as { seq: number };
  expect(doc.events[0]?.seq).toBe(first.seq);
});

function countLines(file: string): number {
  const text = fs.readFileSync(file);
  let n = 0;
  for (let i = text.indexOf(10); i !== -1; i = text.indexOf(10, i + 1)) n++;
  return n;
}

async function sessionOf(page: Page): Promise<string> {
  return ((await page.getByText(/^session /).textContent()) ?? '').replace('session ', '');
}

/** Whether the journal's tail holds `text` (a line's own JSON, as journaled). */
function journalHas(file: string, text: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, 1 << 20));
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
    return tail.toString('utf8').includes(text);
  } finally {
    fs.closeSync(fd);
  }
}
