// The single-file HTML viewer (issue 11): a session written as one .html file opens from
// file:// with every network request refused, shows the timeline, a row's detail and the
// comparisons, shows a server's markup as text, and lists the same rows as the app does for
// the same session.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { binJs, fixture, root } from './support/lens.js';
import { collectDialogs } from './support/dialogs.js';

const demo = path.join(root, 'dist', 'node', 'demo', 'server.js');
/** Markup a server might send: it must reach the page as text and never run. */
const HOSTILE = '<img src=x onerror=window.__ran=1;alert(1)></script><script>alert(2)</script>';

/** Runs the built `mcp-lens` with these arguments; resolves with its exit code and output. */
function lens(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binJs, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** `mcp-lens view FILE --html OUT`, the built command: undefined when it wrote the file, else what it said. */
async function writeHtml(session: string, out: string): Promise<string | undefined> {
  const run = await lens(['view', session, '--html', out]);
  return run.code === 0 && fs.existsSync(out) ? undefined : `exit ${run.code}: ${run.out}`;
}

interface Shown {
  page: Page;
  /** Every request the page attempted, the file's own included. */
  requests: string[];
  /** Page errors, console errors (a CSP violation is one) and CSP violation events. */
  problems: string[];
  dialogs: string[];
}

/** Opens an HTML file in a fresh context where every request but the file itself is refused. */
async function openOffline(browser: Browser, file: string): Promise<Shown> {
  const url = pathToFileURL(file).href;
  const context = await browser.newContext();
  const requests: string[] = [];
  await context.route('**/*', (route) => {
    requests.push(route.request().url());
    return route.request().url() === url ? route.continue() : route.abort();
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('worker', (w) => w.on('console', (m) => m.type() === 'error' && problems.push(`worker console: ${m.text()}`)));
  // An init script runs whatever the page's CSP says; it only listens.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const dialogs = collectDialogs(page);
  await page.goto(url);
  return { page, requests, problems, dialogs };
}

/** A timeline row as the list's attributes tell it, with its lint flag's count. */
type Row = Record<'kind' | 'method' | 'status' | 'conn' | 'events' | 'findings', string>;

/**
 * The rows a timeline shows once every event of the session (`events` of them) is indexed and
 * linted (lint runs behind the index, ADR 6) and two readings agree, as the list's own
 * attributes say. The session must fit on the screen: the list draws only the rows in view.
 */
async function rowsOf(page: Page, events: number): Promise<Row[]> {
  const app = new AppPage(page);
  let rows: Row[] = [];
  let previous = '';
  await expect(async () => {
    expect(Number(await app.stats.getAttribute('data-indexed'))).toBe(events);
    expect(Number(await app.stats.getAttribute('data-linted'))).toBe(events);
    rows = await app.rows.evaluateAll((els) =>
      els.map((r) => ({
        kind: r.getAttribute('data-kind') ?? '',
        method: r.getAttribute('data-method') ?? '',
        status: r.getAttribute('data-status') ?? '',
        conn: r.getAttribute('data-conn') ?? '',
        events: r.getAttribute('data-events') ?? '',
        findings: r.querySelector('[data-testid="finding-flag"]')?.getAttribute('title') ?? '',
      })),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBe(Number(await app.stats.getAttribute('data-matching')));
    const reading = JSON.stringify(rows);
    const same = reading === previous;
    previous = reading;
    expect(same).toBe(true);
  }).toPass();
  return rows;
}

/** How many events a session file holds. */
const eventsIn = (file: string): number => (JSON.parse(fs.readFileSync(file, 'utf8')) as { events: unknown[] }).events.length;

test('a recorded session, as one HTML file opened from file:// with the network refused, shows its rows, details and markup as text, and the same rows as the app', async ({
  browser,
  page,
  lens: bridge,
  pageErrors,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-html-'));
  const session = path.join(dir, 'hostile.mcplens.json');
  const html = path.join(dir, 'hostile.mcplens.html');
  const call = await lens([
    'call',
    '--flow',
    'handshake',
    '--method',
    'tools/call',
    '--tool-name',
    'echo',
    '--tool-arg',
    `message=${HOSTILE}`,
    '--record',
    session,
    '--',
    process.execPath,
    demo,
  ]);
  expect(call.code, call.out).toBe(0);
  expect(await writeHtml(session, html)).toBeUndefined();

  const viewer = await openOffline(browser, html);
  const { page: offline } = viewer;
  // The CSP is the file's own: nothing from anywhere, scripts and styles by hash only.
  const csp = (await offline.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; style-src 'sha256-[A-Za-z0-9+/=]+';/);
  expect(csp).not.toMatch(/unsafe|connect-src|\*/);

  await expect(offline.getByTestId('viewer-banner')).toContainText('read-only');
  const shown = await rowsOf(offline, eventsIn(session));
  expect(shown.map((r) => r.method)).toEqual(expect.arrayContaining(['initialize', 'tools/list', 'tools/call', 'notifications/message']));
  expect(shown.find((r) => r.method === 'tools/call')?.status).toBe('ok');

  // The echoed markup, in the list's summary and the detail's exact lines, is text.
  await offline.locator('[data-testid="timeline-row"][data-method="tools/call"]').click();
  const detail = offline.getByTestId('detail-pane');
  await expect(detail).toContainText(`Echo: ${HOSTILE}`);
  await expect(offline.locator('img')).toHaveCount(0);
  expect(await offline.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();

  await offline.getByRole('tab', { name: 'Compare flows' }).click();
  await expect(offline.getByTestId('compare-view')).toContainText('holds no comparison');

  expect(viewer.dialogs).toEqual([]);
  expect(viewer.problems).toEqual([]);
  expect(viewer.requests).toEqual([pathToFileURL(html).href]);

  // The same file in the app, through its "Open a session file" input: the same rows.
  const app = new AppPage(page);
  await app.open(bridge.url);
  await page.getByTestId('open-session-file').setInputFiles(session);
  await expect(page.getByTestId('archive-banner')).toBeVisible();
  expect(await rowsOf(page, eventsIn(session))).toEqual(shown);
  expect(pageErrors).toEqual([]);
});

test('lint findings in the HTML viewer are the same as in the app, row for row, for a server that breaks the rules', async ({
  browser,
  page,
  lens: bridge,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-html-'));
  const session = path.join(dir, 'rules.mcplens.json');
  const html = path.join(dir, 'rules.mcplens.html');
  const call = await lens([
    'call',
    '--flow',
    'handshake',
    '--method',
    'tools/list',
    '--record',
    session,
    '--',
    process.execPath,
    fixture('rule-breaker.mjs'),
  ]);
  expect(fs.existsSync(session), call.out).toBe(true);
  expect(await writeHtml(session, html)).toBeUndefined();

  const viewer = await openOffline(browser, html);
  const shown = await rowsOf(viewer.page, eventsIn(session));
  expect(shown.filter((r) => r.findings !== '').length).toBeGreaterThan(2);

  await new AppPage(page).open(bridge.url);
  await page.getByTestId('open-session-file').setInputFiles(session);
  await expect(page.getByTestId('archive-banner')).toBeVisible();
  expect(await rowsOf(page, eventsIn(session))).toEqual(shown);
  expect(viewer.problems).toEqual([]);
});

test('a comparison exported from the app as HTML opens from file:// with both flows side by side', async ({
  browser,
  page,
  lens: bridge,
  pageErrors,
}) => {
  const app = new AppPage(page);
  await app.open(bridge.url);
  await page.getByRole('tab', { name: 'Compare flows' }).click();
  await page.getByTestId('run-comparison').click();
  await expect(page.getByTestId('comparison')).toHaveAttribute('data-done', 'true', { timeout: 60_000 });
  const liveRows = await page.getByTestId('comparison').getByTestId('compare-row').count();

  await page.getByTestId('export-session').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download-html').click()]);
  expect(download.suggestedFilename()).toMatch(/\.mcplens\.html$/);
  const html = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-html-')), download.suggestedFilename());
  await download.saveAs(html);

  const viewer = await openOffline(browser, html);
  await expect(viewer.page.getByTestId('timeline-row').first()).toBeVisible();
  await viewer.page.getByRole('tab', { name: 'Compare flows' }).click();
  const comparison = viewer.page.getByTestId('comparison');
  await expect(comparison.getByTestId('compare-row')).toHaveCount(liveRows);
  await expect(comparison.getByTestId('differences')).toContainText('The handshake is gone');
  // A message opens as JSON, as in the app.
  await comparison.locator('[data-flow="stateless"]').getByTestId('diagram-message').filter({ hasText: 'tools/list #2' }).click();
  await expect(viewer.page.getByTestId('message-detail').locator('mark.diff[data-key="_meta"]')).toBeVisible();
  expect(viewer.problems).toEqual([]);
  expect(viewer.dialogs).toEqual([]);
  expect(viewer.requests).toEqual([pathToFileURL(html).href]);
  expect(pageErrors).toEqual([]);
});
