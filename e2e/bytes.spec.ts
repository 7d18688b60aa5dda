import fs from 'node:fs';
import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { directStdout, splitWire } from './support/direct.js';
import { AppPage } from './pages/appPage.js';
import type { Locator } from '@playwright/test';

/**
 * Launch a fixture without the opening requests and show only its stdout lines: with nothing
 * sent, each is a row of its own (a notification, or an invalid line).
 */
async function launchRaw(app: AppPage, script: string): Promise<string> {
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture(script)] }, { launchOnly: true });
  const id = (await conn.getAttribute('data-conn')) ?? '';
  await app.showOnly(`conn:${encodeURIComponent(id)};dir:in;kind:notification,invalid,orphan-response,request`);
  return id;
}

async function downloadedBytes(app: AppPage, row: Locator): Promise<Buffer> {
  const detail = await app.selectRow(row);
  const [download] = await Promise.all([app.page.waitForEvent('download'), detail.getByTestId('download-bytes').first().click()]);
  return fs.readFileSync(await download.path());
}

test('an 8 MB line arrives whole and byte-equal in the timeline', async ({ page, lens }) => {
  const size = 8 * 1024 * 1024;
  const expected = splitWire(await directStdout(fixture('huge-line.mjs'), { untilBytes: size + 1 }));
  const app = new AppPage(page);
  await app.open(lens.url);
  await launchRaw(app, 'huge-line.mjs');
  await expect(app.rows).toHaveCount(1);
  const detail = await app.selectRow(app.rows.first());
  await expect(detail.getByTestId('detail-size')).toHaveText(`${size} bytes`);
  await expect(detail.getByRole('button', { name: /^Show all/ })).toBeVisible();
  expect((await downloadedBytes(app, app.rows.first())).equals(expected[0] ?? Buffer.alloc(0))).toBe(true);
});

test('invalid UTF-8 lines keep their exact bytes and are marked', async ({ page, lens }) => {
  const expected = splitWire(await directStdout(fixture('invalid-utf8.mjs')));
  const app = new AppPage(page);
  await app.open(lens.url);
  await launchRaw(app, 'invalid-utf8.mjs');
  await expect(app.rows).toHaveCount(expected.length);
  const encodings: string[] = [];
  for (let i = 0; i < expected.length; i++) {
    expect((await downloadedBytes(app, app.rows.nth(i))).equals(expected[i] ?? Buffer.alloc(0)), `line ${i}`).toBe(true);
    encodings.push((await app.page.getByTestId('detail-line').getAttribute('data-encoding')) ?? '');
  }
  // Three are marked as bytes that are not UTF-8, each bad byte shown as an escape.
  expect(encodings.filter((e) => e === 'bytes')).toHaveLength(3);
  await app.selectRow(app.rows.first());
  await expect(app.page.getByTestId('detail-line')).toHaveText('{\\xff\\xfe}');
  await expect(app.page.getByTestId('detail-line').locator('.tl-escape')).toHaveCount(2);
  await app.selectRow(app.rows.nth(3));
  await expect(app.page.getByTestId('detail-line')).toHaveText('valid: café 🙂');
});

test('lines split across writes, mid-character and between \\r and \\n, arrive whole', async ({ page, lens }) => {
  const expected = splitWire(await directStdout(fixture('split-writes.mjs')));
  expect(expected.length).toBeGreaterThan(0);
  const app = new AppPage(page);
  await app.open(lens.url);
  await launchRaw(app, 'split-writes.mjs');
  await expect(app.rows).toHaveCount(expected.length);
  const got = await downloadedBytes(app, app.rows.first());
  expect(got.equals(expected[0] ?? Buffer.alloc(0))).toBe(true);
  expect(got.subarray(-2).toString()).toBe('\r\n');
  await expect(app.page.getByTestId('detail-eol')).toHaveText('\\r\\n');
});

test('non-JSON lines are shown as such and the handshake still completes', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('non-json.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
  // The line's own row: the connect step that names it quotes it too.
  const banner = app.rows.and(page.locator('[data-kind="invalid"]')).filter({ hasText: 'Server starting... (not JSON)' });
  await expect(banner).toHaveAttribute('data-kind', 'invalid');
  await expect(banner).toHaveAttribute('data-status', 'invalid');
  expect((await downloadedBytes(app, banner)).toString()).toBe('Server starting... (not JSON)\n');
  // The line is flagged, and its detail names the rule it breaks.
  await expect(banner.getByTestId('finding-flag')).toBeVisible();
  await expect(page.getByTestId('findings')).toContainText('stdout-non-json');
  await expect(page.getByTestId('detail-kind')).toHaveText('not JSON');
});

test('a line written on purpose as malformed JSON reaches the server exactly', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake');
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const raw = '{"jsonrpc":"2.0","id":9,"method":"tools/list"  ,broken';
  await app.sendRaw(conn, raw);
  const row = app.rows.filter({ hasText: 'broken' });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-direction', 'out');
  await expect(row).toHaveAttribute('data-kind', 'invalid');
  expect((await downloadedBytes(app, row)).toString()).toBe(`${raw}\n`);
});

test('a server that ignores SIGTERM is stopped on Stop: stdin closed, SIGTERM, then SIGKILL', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('ignore-sigterm.mjs')] }, { launchOnly: true });
  await expect(conn).toHaveAttribute('data-status', 'running');
  await app.focus(conn);
  await expect(app.rows.filter({ hasText: 'ready' })).toHaveCount(1);
  await conn.getByRole('button', { name: 'Stop' }).click();
  // Two 2 s grace periods; how long past them it takes measures the machine, not the bridge.
  await expect(conn.getByTestId('conn-status')).toHaveText(/stopped \(signal SIGKILL\)/, { timeout: 30_000 });
  for (const step of ['stop: close-stdin', 'stop: sigterm', 'stop: sigkill', 'exit SIGKILL']) {
    await expect(app.rows.filter({ hasText: step }).first()).toHaveAttribute('data-kind', 'process');
  }
});

test('a flood of 50,000 lines reaches the timeline whole, and the page stays usable', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  await page.getByLabel(/^Environment/).fill('FLOOD_LINES=50000');
  await launchRaw(app, 'flood.mjs');
  await expect(app.stats).toHaveAttribute('data-matching', '50000', { timeout: 60_000 });
  await expect(app.stats).toHaveText(/^50000 of \d+ rows$/);
  // Still responsive: searching every line answers at once.
  await app.filter('{"n":49999,');
  await expect(app.rows).toHaveCount(1);
});
