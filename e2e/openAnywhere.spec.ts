// Open anywhere (issue 11): a session exported from a live page opens in a fresh one and exports
// again to the same events; a file dropped on the page opens, or says what is wrong with it and
// where; `mcp-lens call --record` files and bridge journals open; `mcp-lens view FILE` starts the
// app on the file, and refuses a bad one before starting.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { binJs, root } from './support/lens.js';

const demo = path.join(root, 'dist', 'node', 'demo', 'server.js');

interface EventLike {
  seq: number;
  kind: string;
}
const eventsOf = (file: string): EventLike[] => (JSON.parse(fs.readFileSync(file, 'utf8')) as { events: EventLike[] }).events;

/** Drops a file on the page as a person would drag one from their desktop. */
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
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await page.dispatchEvent('body', 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent('body', 'drop', { dataTransfer: transfer });
  await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
}

/** Runs the built `mcp-lens`; resolves with its exit code and output. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binJs, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('export from a live session, open it in a fresh page, export again: the same events', async ({ page, lens, browser, pageErrors }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  await app.connect('Handshake');
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('Echo');
  await tools.field('tool-echo_message').fill('travels well');
  await tools.send();
  await expect(tools.result.getByTestId('block-text')).toContainText('Echo: travels well');
  await page.getByTestId('export-session').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  const exported = await download.path();
  const first = eventsOf(exported);

  const context = await browser.newContext();
  try {
    const fresh = await context.newPage();
    await new AppPage(fresh).open(lens.url);
    // The picker is a button, reached and pressed from the keyboard.
    const chooser = fresh.waitForEvent('filechooser');
    await fresh.getByTestId('open-file-button').focus();
    await fresh.keyboard.press('Enter');
    await (await chooser).setFiles(exported);
    await expect(fresh.getByTestId('archive-banner')).toContainText(`${first.length} events`);
    const timeline = new TimelinePage(fresh);
    await timeline.indexedAll(first.length);
    await expect(fresh.getByTestId('timeline-row').filter({ hasText: 'tools/call' }).first()).toBeVisible();

    const [again] = await Promise.all([fresh.waitForEvent('download'), fresh.getByTestId('export-archive').click()]);
    expect(eventsOf(await again.path())).toEqual(first);
  } finally {
    await context.close();
  }
  expect(pageErrors).toEqual([]);
});

test('a dropped file that is not a session says what it is and where it goes wrong', async ({ page, lens }) => {
  await new AppPage(page).open(lens.url);
  const cut = '{\n  "format": "mcp-lens-session",\n  "version": 1,\n  "events": [\n    {"seq": 0, "t": 1, "kind": "notice", "lev';
  await dropFile(page, 'cut.mcplens.json', cut);
  await expect(page.getByTestId('open-error')).toHaveText(
    'cut.mcplens.json: not JSON: the text ends inside a string at line 5, column 46: the file looks cut off (saved or copied before it was whole?)',
  );
  await expect(page.getByTestId('open-status')).toHaveAttribute('role', 'alert');

  await dropFile(page, 'newer.mcplens.json', JSON.stringify({ format: 'mcp-lens-session', version: 2, events: {} }));
  await expect(page.getByTestId('open-error')).toHaveText(
    'newer.mcplens.json: written by a newer MCP Lens (format version 2); this one reads version 1',
  );

  await dropFile(page, 'capture.har', JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector' }, entries: [] } }));
  await expect(page.getByTestId('open-error')).toContainText("capture.har: a HAR file (a browser's HTTP archive from WebInspector)");

  await dropFile(page, 'empty.json', '');
  await expect(page.getByTestId('open-error')).toHaveText('empty.json: the file is empty');

  // Nothing was opened, and the page is whole: the live view is still there.
  await expect(page.getByTestId('archive-banner')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Timeline' })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('open-status')).toHaveCount(0);
});

test('a bridge journal dropped on the page opens, its damaged line reported', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  await app.connect('Stateless');
  const timeline = new TimelinePage(page);
  await timeline.open();
  await timeline.indexedAll(4);
  const reply = await fetch(`${lens.origin}/api/session`, { headers: { Authorization: `Bearer ${lens.token}` } });
  const journal = fs.readFileSync(((await reply.json()) as { journalFile: string }).journalFile, 'utf8');
  const lines = journal.split('\n').filter((l) => l !== '').length;
  await dropFile(page, 'bridge.jsonl', `${journal}{"seq":99999,"t":1,"ki`);
  await expect(page.getByTestId('archive-banner')).toContainText(`bridge.jsonl (read-only, ${lines} events)`);
  await expect(page.getByTestId('open-warning')).toContainText(`1 damaged line(s) skipped; the first: line ${lines + 1} is cut off`);
  await timeline.indexedAll(lines);
  await expect(page.getByTestId('timeline-row').filter({ hasText: 'server/discover' }).first()).toBeVisible();
});

test('a file `mcp-lens call --record` wrote opens in the app', async ({ page, lens }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-record-'));
  const file = path.join(dir, 'call.mcplens.json');
  const call = await run([
    'call',
    '--flow',
    'stateless',
    '--method',
    'tools/call',
    '--tool-name',
    'echo',
    '--tool-arg',
    'message=recorded',
    '--record',
    file,
    '--',
    process.execPath,
    demo,
  ]);
  expect(call.code, call.stderr).toBe(0);
  const count = eventsOf(file).length;
  await new AppPage(page).open(lens.url);
  await dropFile(page, 'call.mcplens.json', fs.readFileSync(file, 'utf8'));
  await expect(page.getByTestId('archive-banner')).toContainText(`${count} events`);
  await new TimelinePage(page).indexedAll(count);
  await expect(page.getByTestId('timeline-row').filter({ hasText: 'tools/call' })).toHaveCount(1);
});

test('`mcp-lens view FILE` starts the app on the file; a bad file is refused before anything starts', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-view-'));
  const bad = path.join(dir, 'newer.mcplens.json');
  fs.writeFileSync(bad, JSON.stringify({ format: 'mcp-lens-session', version: 2 }));
  const refused = await run(['view', bad, '--port', '0', '--no-open']);
  expect(refused).toMatchObject({ code: 2, stdout: '' });
  expect(refused.stderr).toBe(`mcp-lens view: ${bad}: written by a newer MCP Lens (format version 2); this one reads version 1\n`);

  const file = path.join(dir, 'seen.mcplens.json');
  const recorded = await run(['call', '--method', 'tools/list', '--record', file, '--', process.execPath, demo]);
  expect(recorded.code, recorded.stderr).toBe(0);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-view-home-'));
  const child = spawn(process.execPath, [binJs, 'view', file, '--port', '0', '--no-open', '--home', home], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+&view=1)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`mcp-lens view exited (${code}): ${out}`)));
    });
    await page.goto(url);
    await expect(page.getByTestId('archive-banner')).toContainText(`seen.mcplens.json (read-only, ${eventsOf(file).length} events)`);
    await expect(page.getByTestId('timeline-row').filter({ hasText: 'tools/list' })).toHaveCount(1);
    // The file is served only with the token.
    const anonymous = await fetch(new URL('/api/view', url));
    expect(anonymous.status).toBe(401);
  } finally {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
    await exited;
  }
});

test('a 100 MB session file opens with its progress shown', async ({ page, lens }) => {
  test.setTimeout(300_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-big-'));
  // The same file the benchmark opens (npm run bench, "8. Open a session file"), which measures
  // how long the page's own thread is held meanwhile: a figure, not a verdict.
  const { writeSessionFile } = await import('../scripts/bench/openFile.mjs');
  const { file, bytes } = await writeSessionFile(dir, 310_000);
  expect(bytes).toBeGreaterThan(100 * 1024 * 1024);

  await new AppPage(page).open(lens.url);
  // Every text the progress line shows.
  await page.evaluate(() => {
    const w = window as unknown as { seen: string[] };
    w.seen = [];
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="open-progress"]')?.textContent;
      if (text && w.seen.at(-1) !== text) w.seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('open-session-file').setInputFiles(file);
  await expect(page.getByTestId('archive-banner')).toContainText('310000 events', { timeout: 240_000 });
  await new TimelinePage(page).indexedAll(310_000, 240_000);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  const total = `${Math.round(bytes / (1024 * 1024))} MB`;
  expect(seen.some((t) => new RegExp(`reading: \\d+ MB of ${total}`).test(t))).toBe(true);
  expect(seen.some((t) => t.includes('indexing'))).toBe(true);
  fs.rmSync(dir, { recursive: true, force: true });
});
