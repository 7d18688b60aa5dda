// Replay from the app (issue 11): a session recorded in the app and exported opens in a fresh
// page and is replayed through the real bridge against the demo server: every exchange the same,
// in the recorded flow and in the other, each verdict a row on the live timeline. Against the demo
// changed by MCP_LENS_DEMO_VARIANT (set in the Replay form's environment), the echo exchange's
// row says where it differs, its detail shows both values and leads to the new exchange, and the
// session exported as one HTML file shows the same. Cancel stops a replay and its server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { root } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TimelinePage } from './pages/timelinePage.js';

const MESSAGE = 'replayed from the app';
const demo = path.join(root, 'dist', 'node', 'demo', 'server.js');

/** Connects to the demo in the handshake flow, calls echo and add, and exports the session: the file's path, and the server command. */
async function recordSession(page: Page, url: string): Promise<{ file: string; command: string }> {
  const app = new AppPage(page);
  await app.open(url);
  const command = await page.getByLabel('Command').inputValue();
  const conn = await app.connect('Handshake');
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('Echo');
  await tools.field('tool-echo_message').fill(MESSAGE);
  await tools.send();
  await expect(tools.result.getByTestId('block-text')).toContainText(`Echo: ${MESSAGE}`);
  await tools.pick('Add');
  await tools.field('tool-add_a').fill('2');
  await tools.field('tool-add_b').fill('3');
  await tools.send();
  await expect(tools.result.getByTestId('block-text')).toContainText('5');
  await page.getByTestId('export-session').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-replay-')), 'recorded.mcplens.json');
  await download.saveAs(file);
  return { file, command };
}

/** A fresh page (a context of its own) with the file opened from the picker and its Replay tab shown. */
async function openForReplay(browser: Browser, url: string, file: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await new AppPage(page).open(url);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('open-file-button').click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('archive-banner')).toContainText('recorded.mcplens.json');
  await page.getByRole('tab', { name: 'Replay' }).click();
  await expect(page.getByTestId('replay-form')).toBeVisible();
  return page;
}

/** Starts the replay and waits for its end: the summary's figures. */
async function replay(page: Page): Promise<Record<'match' | 'differ' | 'skipped' | 'failed', number>> {
  await page.getByTestId('replay-start').click();
  const summary = page.getByTestId('replay-summary');
  await expect(summary).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  const read = async (name: string): Promise<number> => Number(await summary.getAttribute(`data-${name}`));
  return { match: await read('match'), differ: await read('differ'), skipped: await read('skipped'), failed: await read('failed') };
}

/** The live timeline narrowed to the replay's verdicts. */
async function showVerdicts(page: Page): Promise<TimelinePage> {
  await page.getByTestId('replay-show-timeline').click();
  const timeline = new TimelinePage(page);
  await expect(timeline.panel).toBeVisible();
  await new AppPage(page).filter('replay.exchange');
  return timeline;
}

test('a session recorded in the app replays the same in its own flow and in the other, each verdict a row on the timeline', async ({
  page,
  browser,
  lens,
  pageErrors,
}) => {
  const { file, command } = await recordSession(page, lens.url);
  const fresh = await openForReplay(browser, lens.url, file);
  const form = fresh.getByTestId('replay-form');
  // Prefilled from the recorded spawn; nothing was redacted from the demo's command.
  await expect(form.getByTestId('replay-command')).toHaveValue(command);
  await expect(form.getByTestId('replay-args')).toHaveValue(demo);
  await expect(form.getByTestId('replay-redacted')).toHaveCount(0);
  await expect(form.getByRole('radio', { name: 'As recorded' })).toBeChecked();

  // A path that is not JSONPath is named inline, line and all, and nothing starts.
  await form.getByTestId('replay-ignore').fill('$..version\nresult.content');
  await expect(form.getByTestId('replay-ignore-error')).toHaveText(
    'line 2: a path starts with $ (like $.result.content[0].text), got result.content',
  );
  await form.getByTestId('replay-start').click();
  await expect(fresh.getByTestId('replay-summary')).toHaveCount(0);
  await form.getByTestId('replay-ignore').fill('');
  await expect(form.getByTestId('replay-ignore-error')).toHaveCount(0);

  // In the recorded flow: the opening, tools/list, echo and add, at least, all the same.
  const same = await replay(fresh);
  expect(same.match).toBeGreaterThanOrEqual(4);
  expect(same).toEqual({ match: same.match, differ: 0, skipped: 0, failed: 0 });
  await expect(fresh.getByTestId('replay-progress')).toHaveText(`Done: ${same.match} exchanges: ${same.match} match, 0 differ`);
  await expect(fresh.getByTestId('replay-conn-result')).toContainText('(handshake)');
  const first = (await fresh.getByTestId('replay-conn-result').getAttribute('data-conn')) ?? '';

  const timeline = await showVerdicts(fresh);
  const verdicts = timeline.row({ kind: 'note', conn: first });
  await expect(verdicts).toHaveCount(same.match);
  await expect(verdicts.filter({ hasText: 'replay tools/call echo: same as recorded' })).toHaveCount(1);
  await expect(verdicts.filter({ hasText: 'replay tools/call add: same as recorded' })).toHaveCount(1);
  await expect(verdicts.filter({ hasText: 'replay initialize: same as recorded' })).toHaveCount(1);
  await expect(fresh.getByTestId('replay-status')).toHaveText(`replay done: ${same.match} exchanges: ${same.match} match, 0 differ`);

  // Back to the file, the form as it was left; now in the stateless flow: compared on what both flows say.
  await fresh.getByTestId('back-to-archive').click();
  await expect(form.getByRole('radio', { name: 'As recorded' })).toBeChecked();
  await form.getByRole('radio', { name: 'Stateless' }).check();
  const across = await replay(fresh);
  expect(across).toEqual({ match: same.match, differ: 0, skipped: 0, failed: 0 });
  const second = fresh.getByTestId('replay-conn-result');
  await expect(second).toContainText('(stateless)');
  const secondConn = (await second.getAttribute('data-conn')) ?? '';
  expect(secondConn).not.toBe(first);
  await showVerdicts(fresh);
  const statelessVerdicts = timeline.row({ kind: 'note', conn: secondConn });
  await expect(statelessVerdicts.filter({ hasText: 'replay initialize → server/discover: same as recorded' })).toHaveCount(1);
  await expect(statelessVerdicts.filter({ hasText: 'replay tools/call echo: same as recorded' })).toHaveCount(1);
  // Each replay's server was stopped once it was done.
  for (const conn of [first, secondConn]) await expect(new AppPage(fresh).card(conn).getByTestId('conn-status')).toContainText('stopped');
  expect(pageErrors).toEqual([]);
});

test('against the changed demo the echo exchange differs at its text: the row says where, the detail shows both values and leads to the new exchange, the HTML file shows the same', async ({
  page,
  browser,
  lens,
}) => {
  const { file } = await recordSession(page, lens.url);
  const fresh = await openForReplay(browser, lens.url, file);
  const form = fresh.getByTestId('replay-form');
  await form.getByTestId('replay-env').fill('MCP_LENS_DEMO_VARIANT=changed');
  const result = await replay(fresh);
  expect(result).toMatchObject({ differ: 1, skipped: 0, failed: 0 });
  expect(result.match).toBeGreaterThanOrEqual(3);

  const timeline = await showVerdicts(fresh);
  const echo = timeline.rows.filter({ hasText: 'replay tools/call echo: differs at $.result.content[0].text' });
  await expect(echo).toHaveCount(1);
  await expect(timeline.rows.filter({ hasText: 'replay tools/call add: same as recorded' })).toHaveCount(1);
  const detail = await new AppPage(fresh).selectRow(echo);
  const diff = detail.getByTestId('replay-diff-row');
  await expect(diff).toHaveCount(1);
  await expect(diff).toHaveAttribute('data-path', '$.result.content[0].text');
  await expect(diff.getByTestId('replay-diff-recorded')).toHaveText(`"Echo: ${MESSAGE}"`);
  await expect(diff.getByTestId('replay-diff-replayed')).toHaveText(`"Echoed: ${MESSAGE}"`);
  await expect(detail.getByTestId('replay-note-verdict')).toHaveText('differs at $.result.content[0].text');

  // The link leads to the replayed call's own row: its request and the new answer.
  const noteRow = await detail.getAttribute('data-row');
  await detail.getByTestId('replay-note-show-replayed').click();
  await expect(detail).not.toHaveAttribute('data-row', noteRow ?? '');
  await expect(detail.locator('h3')).toContainText('tools/call');
  await expect(detail.getByTestId('detail-message').filter({ hasText: `Echoed: ${MESSAGE}` })).not.toHaveCount(0);

  // The live session as one HTML file: the same row, the same table.
  await fresh.getByTestId('export-session').click();
  const [download] = await Promise.all([fresh.waitForEvent('download'), fresh.getByTestId('export-download-html').click()]);
  const html = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-replay-html-')), download.suggestedFilename());
  await download.saveAs(html);
  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(pathToFileURL(html).href);
  await expect(viewer.getByTestId('timeline-row').first()).toBeVisible();
  await viewer.getByTestId('timeline-search').fill('replay.exchange');
  const shown = viewer.getByTestId('timeline-row').filter({ hasText: 'replay tools/call echo: differs at $.result.content[0].text' });
  await expect(shown).toHaveCount(1);
  await shown.click();
  const viewed = viewer.getByTestId('detail-pane').getByTestId('replay-diff-row');
  await expect(viewed.getByTestId('replay-diff-recorded')).toHaveText(`"Echo: ${MESSAGE}"`);
  await expect(viewed.getByTestId('replay-diff-replayed')).toHaveText(`"Echoed: ${MESSAGE}"`);
});

test('Cancel stops a replay midway: the call in flight fails, its server is stopped, the run says cancelled', async ({ browser, lens }) => {
  // A recording of a call that takes 50 s on the demo (slow: 50 steps of a second).
  let seq = 0;
  const t0 = Date.now();
  const line = (stream: 'stdin' | 'stdout', message: unknown): Record<string, unknown> => {
    const text = JSON.stringify(message);
    return { seq: seq++, t: t0 + seq, conn: 'c1', kind: 'line', stream, text, eol: '\n', size: Buffer.byteLength(text) };
  };
  const events = [
    { seq: seq++, t: t0, conn: 'c1', kind: 'spawn', config: { command: process.execPath, args: [demo], env: {} }, pid: 1 },
    { seq: seq++, t: t0, conn: 'c1', kind: 'note', topic: 'connect.done', data: { outcome: { flow: 'handshake' } } },
    line('stdin', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
    line('stdout', {
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' } },
    }),
    line('stdin', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', arguments: { steps: 50, delayMs: 1000 } } }),
    line('stdout', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done' }] } }),
  ];
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-replay-')), 'recorded.mcplens.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      format: 'mcp-lens-session',
      version: 1,
      createdAt: new Date().toISOString(),
      producer: { name: 'e2e', version: '1' },
      connections: [{ conn: 'c1', config: { command: process.execPath, args: [demo], env: {} }, flow: 'handshake' }],
      events,
    }),
  );
  const page = await openForReplay(browser, lens.url, file);
  await page.getByTestId('replay-start').click();
  const summary = page.getByTestId('replay-summary');
  await expect(page.getByTestId('replay-progress')).toHaveText('Replaying recorded.mcplens.json: 1 of 2 exchanges');
  await page.getByTestId('replay-cancel').click();
  await expect(summary).toHaveAttribute('data-phase', 'cancelled');
  await expect(page.getByTestId('replay-cancel')).toHaveCount(0);
  await expect(summary).toHaveAttribute('data-failed', '1');
  const conn = (await page.getByTestId('replay-conn-result').getAttribute('data-conn')) ?? '';
  await expect(new AppPage(page).card(conn).getByTestId('conn-status')).toContainText('stopped');
  const timeline = await showVerdicts(page);
  await expect(timeline.rows.filter({ hasText: 'replay tools/call slow: failed: disconnected' })).toHaveCount(1);
  await new AppPage(page).filter('replay.done');
  // The opening was judged before the cancel (the demo is not the server this file pretends to have recorded).
  await expect(timeline.rows.filter({ hasText: /replay of c1 cancelled: 2 exchanges: .*, 1 failed/ })).toHaveCount(1);
});
