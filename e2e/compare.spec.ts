import { createRequire } from 'node:module';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { freshTabs } from './support/shared.js';
import type { Locator, Page } from '@playwright/test';

async function openCompare(page: Page, url: string): Promise<void> {
  await new AppPage(page).open(url);
  await page.getByRole('tab', { name: 'Compare flows' }).click();
}

/** Runs the comparison and waits for this run (not one from an earlier test) to finish. */
async function runAndWait(page: Page): Promise<Locator> {
  const comparison = page.getByTestId('comparison');
  const before = (await comparison.count()) > 0 ? await comparison.getAttribute('data-id') : null;
  await page.getByTestId('run-comparison').click();
  await expect(comparison).not.toHaveAttribute('data-id', before ?? '');
  await expect(comparison).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  return comparison;
}

async function figure(comparison: Locator, key: string, flow: 'handshake' | 'stateless'): Promise<number> {
  const text = await comparison.getByTestId('figures').locator(`tr[data-figure="${key}"] td[data-flow="${flow}"]`).textContent();
  return Number.parseFloat(text ?? 'NaN');
}

// One bridge and one tab (support/shared.ts) for the tests that read only the comparison they
// ran (runAndWait waits for a new one); the export carries the whole session, so it has its own.
test.describe('comparing the two flows', () => {
  const test = freshTabs();

  test('the default scenario against the demo server completes in both columns, with figures that match the wire', async ({
    page,
    lens,
  }) => {
    await openCompare(page, lens.url);
    const comparison = await runAndWait(page);
    const rows = comparison.getByTestId('compare-row');
    await expect(rows).toHaveCount(9);
    // Connect: the handshake on the left faces server/discover on the right.
    const connect = rows.first();
    await expect(connect.locator('[data-flow="handshake"]')).toContainText('initialize #1');
    await expect(connect.locator('[data-flow="handshake"]')).toContainText('notifications/initialized');
    await expect(connect.locator('[data-flow="stateless"]')).toContainText('server/discover #1');
    await expect(connect.locator('[data-flow="stateless"]')).not.toContainText('initialize');
    // The input round: a nested server request on the left, input_required and a retry on the right.
    const input = rows.last();
    await expect(input.locator('[data-flow="handshake"]')).toContainText('elicitation/create #0');
    await expect(input.locator('[data-flow="stateless"]')).toContainText('input_required');
    await expect(input.locator('[data-flow="stateless"]')).toContainText('retry + answers');
    for (const flow of ['handshake', 'stateless'] as const) {
      await expect(comparison.getByTestId(`step-figures-${flow}`).last()).toContainText('Confirmed: deploy the demo');
      const drawn = await comparison.locator(`[data-flow="${flow}"]`).getByTestId('diagram-message').count();
      expect(await figure(comparison, 'messages', flow)).toBe(drawn);
    }
    // The same counts, read from the timeline: every JSON-RPC line of each compared process, and
    // every request answered.
    const conns = {
      handshake: (await comparison.getByTestId('column-handshake').getAttribute('data-conn')) ?? '',
      stateless: (await comparison.getByTestId('column-stateless').getAttribute('data-conn')) ?? '',
    };
    const app = new AppPage(page);
    /** Once the rows on screen are the view asked for, and all of it: what `read` makes of them. */
    const settled = async <T>(
      view: string,
      accept: (row: { conn: string; kind: string; status: string }) => boolean,
      read: () => Promise<T>,
    ): Promise<T> => {
      await app.showTimeline();
      let value: T | undefined;
      await expect(async () => {
        // Set again on every try: a view the app wrote back over this one (a debounced write of
        // the view before it) must not leave the rows of another view on screen for good.
        await app.showOnly(view);
        const rows = await app.rows.evaluateAll((els) =>
          els.map((r) => ({
            conn: r.getAttribute('data-conn') ?? '',
            kind: r.getAttribute('data-kind') ?? '',
            status: r.getAttribute('data-status') ?? '',
          })),
        );
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every(accept)).toBe(true);
        expect(rows.length).toBe(Number(await app.stats.getAttribute('data-matching')));
        value = await read();
      }).toPass({ timeout: 60_000 });
      return value as T;
    };
    for (const flow of ['handshake', 'stateless'] as const) {
      const conn = encodeURIComponent(conns[flow]);
      const lines = await settled(
        `conn:${conn};kind:request,notification,orphan-response,invalid`,
        (r) => r.conn === conns[flow] && ['request', 'notification', 'orphan-response', 'invalid'].includes(r.kind),
        () => app.rows.evaluateAll((rows) => rows.reduce((n, r) => n + Number(r.getAttribute('data-events')), 0)),
      );
      const answered = await settled(
        `conn:${conn};kind:request;status:ok,error,isError,input_required,invalid`,
        (r) => r.conn === conns[flow] && r.kind === 'request' && ['ok', 'error', 'isError', 'input_required', 'invalid'].includes(r.status),
        async () => Number(await app.stats.getAttribute('data-matching')),
      );
      await page.getByRole('tab', { name: 'Compare flows' }).click();
      expect(lines).toBe(await figure(page.getByTestId('comparison'), 'messages', flow));
      expect(answered).toBe(await figure(page.getByTestId('comparison'), 'roundTrips', flow));
    }
    await page.getByRole('tab', { name: 'Compare flows' }).click();
    const differences = page.getByTestId('differences');
    await expect(differences).toContainText('The handshake is gone');
    await expect(differences).toContainText('Every request carries an envelope');
    await expect(differences).toContainText('input_required');
  });

  test('a message opens as JSON with the envelope and resultType marked', async ({ page, lens }) => {
    await openCompare(page, lens.url);
    const comparison = await runAndWait(page);
    const detail = page.getByTestId('message-detail');
    // The columns may still re-render as the compared servers stop: click until the detail shows.
    const open = async (label: string, mark: string): Promise<void> => {
      await expect(async () => {
        await comparison.locator('[data-flow="stateless"]').getByTestId('diagram-message').filter({ hasText: label }).click();
        await expect(detail.locator(`mark.diff[data-key="${mark}"]`)).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 30_000 });
    };
    await open('tools/list #2', '_meta');
    await expect(detail).toContainText('_meta envelope');
    await open('result #2', 'resultType');
    await expect(detail.locator('mark.diff[data-key="resultType"]')).toContainText('"complete"');
    await expect(detail.locator('mark.diff[data-key="ttlMs"]')).toBeVisible();
  });

  test('against server-everything the stateless column explains why it cannot work', async ({ page, lens }) => {
    const server = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
    await openCompare(page, lens.url);
    await page.getByLabel('Command', { exact: true }).last().fill('node');
    await page.getByLabel('Arguments for the compared server').fill(`${server}\nstdio`);
    const comparison = await runAndWait(page);
    await expect(comparison.getByTestId('explain-stateless')).toContainText('does not speak the stateless flow (2026-07-28)');
    await expect(comparison.getByTestId('compare-row').first().locator('[data-flow="stateless"]')).toContainText('error #1 · -32601');
    await expect(comparison.getByTestId('step-figures-handshake').nth(1)).toContainText('1 RT');
  });

  test('an edited scenario (another tool, other arguments) runs', async ({ page, lens }) => {
    await openCompare(page, lens.url);
    await page.getByRole('button', { name: 'Edit the scenario' }).click();
    const editorBox = page.getByTestId('scenario-editor');
    await editorBox.getByRole('tab', { name: 'JSON' }).click();
    const editor = editorBox.getByTestId('json-editor');
    await editor.locator('.view-lines').click();
    await expect(editor.locator('.monaco-editor.focused')).toBeVisible();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(
      JSON.stringify({
        name: 'Echo only',
        steps: [{ kind: 'connect' }, { kind: 'call', tool: 'echo', arguments: { message: 'compare me' } }],
      }),
    );
    await expect(editorBox.locator('.step-list')).toContainText('tools/call echo');
    const comparison = await runAndWait(page);
    await expect(comparison.getByTestId('compare-row')).toHaveCount(2);
    await expect(comparison.getByTestId('step-figures-handshake').last()).toContainText('Echo: compare me');
    await expect(comparison.getByTestId('step-figures-stateless').last()).toContainText('Echo: compare me');
    await page.getByRole('button', { name: 'Save scenario' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'Compare flows' }).click();
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toContainText('Echo only');
  });

  test('a malformed session file gets a clear message and changes nothing', async ({ page, lens }) => {
    await new AppPage(page).open(lens.url);
    await page.getByTestId('open-session-file').setInputFiles({
      name: 'broken.mcplens.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"mcp-lens-session","version":1,"events":[{"seq":"x"}]'),
    });
    await expect(page.getByTestId('open-error')).toContainText('broken.mcplens.json: not JSON');
    await page
      .getByTestId('open-session-file')
      .setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
    await expect(page.getByTestId('open-error')).toContainText('not an MCP Lens session file');
    await expect(page.getByTestId('archive-banner')).toHaveCount(0);
  });
});

test('a comparison travels in the exported session file and opens from it', async ({ page, lens }) => {
  const fs = await import('node:fs');
  await openCompare(page, lens.url);
  await runAndWait(page);
  await page.getByTestId('export-session').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  const file = await download.path();
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { format: string; events: { kind: string; topic?: string }[] };
  expect(doc.format).toBe('mcp-lens-session');
  expect(doc.events.some((e) => e.kind === 'note' && e.topic === 'compare.start')).toBe(true);

  await page.getByTestId('open-session-file').setInputFiles(file);
  await expect(page.getByTestId('archive-banner')).toBeVisible();
  await page.getByRole('tab', { name: 'Compare flows' }).click();
  const replayed = page.getByTestId('comparison');
  await expect(replayed.getByTestId('compare-row')).toHaveCount(9);
  await expect(replayed.getByTestId('differences')).toContainText('The handshake is gone');
});
