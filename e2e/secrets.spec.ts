// Secrets typed into the connect form reach the server, and no export or journal unless kept.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';

const ENV_SECRET = 'sk-e2e-env-0123456789';
const ARG_SECRET = 'sk-e2e-arg-0123456789';
const FLAG_SECRET = 'tok-e2e-flag-abcdefgh';
const HEADER_SECRET = 'hdr-e2e-bearer-98765';
const MARKED_SECRET = 'marked-e2e-value-xyz';
const ALL = [ENV_SECRET, ARG_SECRET, FLAG_SECRET, HEADER_SECRET, MARKED_SECRET];

async function download(page: Page): Promise<string> {
  const dialog = page.getByTestId('export-dialog');
  const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  await expect(dialog).toBeHidden();
  return fs.readFileSync(await file.path(), 'utf8');
}

test('a secret in env, arguments, a header or marked by hand reaches no export unless kept, and no journal config', async ({
  page,
  lens,
}) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const args = page.getByLabel(/^Arguments/);
  const demo = await args.inputValue();
  await args.fill(
    [demo, `--api-key=${ARG_SECRET}`, '--token', FLAG_SECRET, '--header', `Authorization: Bearer ${HEADER_SECRET}`, MARKED_SECRET].join(
      '\n',
    ),
  );
  await page.getByLabel(/^Environment/).fill(`API_KEY=${ENV_SECRET}\nDEBUG=1`);
  await page.getByLabel(/^Mark as secret/).fill(MARKED_SECRET);
  const conn = await app.connect('Handshake');
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
  const connId = (await conn.getAttribute('data-conn')) ?? '';

  // The server echoes a secret back: its line and the request carrying it are recorded as sent.
  await app.sendRaw(
    conn,
    JSON.stringify({ jsonrpc: '2.0', id: 77, method: 'tools/call', params: { name: 'echo', arguments: { message: ENV_SECRET } } }),
  );
  await app.showTimeline();
  await expect(app.row('tools/call', 77)).toHaveAttribute('data-status', 'ok');

  // The dialog lists each redaction of the connection, and the events that contain a value.
  await page.getByTestId('export-session').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  const items = dialog.locator(`[data-testid="export-conn"][data-conn="${connId}"] [data-testid="export-item"]`);
  await expect(items).toHaveCount(6);
  await expect(items.filter({ hasText: 'env API_KEY' })).toContainText('sk…');
  await expect(items.filter({ hasText: '--api-key=[redacted]' })).toHaveAttribute('data-rule', 'flag');
  await expect(items.filter({ hasText: '--token [redacted]' })).toHaveAttribute('data-rule', 'flag');
  await expect(items.filter({ hasText: 'Authorization: Bearer [redacted]' })).toHaveAttribute('data-rule', 'header');
  await expect(items.filter({ hasText: 'marked secret' })).toHaveCount(1);
  await expect(dialog).not.toContainText(ENV_SECRET);
  // The request that carried the value and the answer that echoed it were journaled masked by
  // the bridge, which knows the value: no line is left for the export to alter.
  await expect(dialog.getByTestId('export-echo')).toHaveCount(0);

  // Escape closes it; nothing is written.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // By default: no secret anywhere in the file, the echoed line masked, the file still well formed.
  await page.getByTestId('export-session').click();
  const plain = await download(page);
  for (const secret of ALL) expect(plain).not.toContain(secret);
  const doc = JSON.parse(plain) as {
    format: string;
    connections: { conn: string; config: { args: string[]; env: Record<string, string> } }[];
    events: { kind: string; stream?: string; text?: string; size?: number }[];
  };
  expect(doc.format).toBe('mcp-lens-session');
  expect(doc.connections.find((c) => c.conn === connId)?.config.env).toEqual({ API_KEY: '[redacted]', DEBUG: '[redacted]' });
  const masked = doc.events.find((e) => e.kind === 'line' && e.stream === 'stdout' && e.text?.includes('"id":77'));
  expect(masked?.text).toContain('[redacted]');
  expect(masked?.size).toBe(Buffer.byteLength(masked?.text ?? ''));

  // Keeping one puts exactly that one back, in the connection's config and its spawn event.
  await page.getByTestId('export-session').click();
  await dialog.locator('[data-testid="export-item"]', { hasText: '--token [redacted]' }).getByRole('checkbox', { name: 'keep' }).check();
  const kept = await download(page);
  for (const secret of ALL.filter((s) => s !== FLAG_SECRET)) expect(kept).not.toContain(secret);
  const keptDoc = JSON.parse(kept) as typeof doc;
  const keptArgs = keptDoc.connections.find((c) => c.conn === connId)?.config.args;
  expect(keptArgs?.slice(1)).toEqual([
    '--api-key=[redacted]',
    '--token',
    FLAG_SECRET,
    '--header',
    'Authorization: Bearer [redacted]',
    '[redacted]',
  ]);
  expect(kept.split(FLAG_SECRET).length - 1).toBe(2); // the connection and its spawn event

  // The journal on disk: no config, bridge message or line (the echo masked) carries a secret.
  const journals = fs.readdirSync(path.join(lens.home, 'journal')).filter((f) => f.endsWith('.jsonl'));
  const recorded = journals.flatMap((f) => fs.readFileSync(path.join(lens.home, 'journal', f), 'utf8').split('\n'));
  expect(recorded.some((line) => line.includes('"kind":"spawn"'))).toBe(true);
  for (const secret of ALL) expect(recorded.filter((line) => line.includes(secret))).toEqual([]);
});

test('the dialog says when there is nothing to redact, and keeps focus inside until closed', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Stateless');
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const button = page.getByTestId('export-session');
  await button.click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-nothing')).toBeVisible();
  await expect(dialog.getByTestId('export-download')).toBeFocused();
  // Tab wraps within the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
