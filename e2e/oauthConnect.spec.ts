// A user connects to a server behind a real authorization server (oidc-provider guarding the
// demo) with nothing but its URL: discovery and registration happen by themselves, consent is
// given in the tab the card opens, the tab comes back to the bridge, and the tools are listed;
// the authorization lane and its diagram show every step. Nothing issued (the code, the PKCE
// verifier, the access token) is in any file MCP Lens wrote, in an export or in the HTML viewer.
// Broken setups name their failing step in one sentence.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from './support/fixtures.js';
import { binJs } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { startProtectedDemo, type ProtectedDemo, type ProtectedDemoVariant } from '../demo/oauth/protectedDemo.js';

/** Every file under a directory, with its text (no grant is remembered here, so none is left out). */
function filesUnder(dir: string): { file: string; text: string }[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    const file = path.join(entry.parentPath, entry.name);
    return [{ file, text: fs.readFileSync(file, 'latin1') }];
  });
}

test('with nothing but the URL: registration, consent in the opened tab, back, tools listed; every step on the lane and the diagram; nothing issued in any file', async ({
  page,
  lens,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const demo: ProtectedDemo = await startProtectedDemo();
  try {
    const app = new AppPage(page);
    await app.open(lens.url);
    await app.fillUrl(demo.mcpUrl);
    const card = await app.connect('Auto');

    // The card asks for the browser; the opened tab is the authorization server's own login and consent.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), card.getByTestId('auth-open').click()]);
    await tab.getByLabel('Username').fill('lens-user');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('button', { name: 'Allow' }).click();
    // Back on the bridge's own callback, which says what happened and nothing the server wrote.
    await expect(tab).toHaveURL(/\/oauth\/callback\?/);
    await expect(tab.locator('body')).toContainText(/authoriz/i);
    await tab.close();

    await expect(card.getByTestId('conn-status')).toContainText('HTTP · connected');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect(page.getByTestId('tool-item').filter({ hasText: 'echo' }).first()).toBeVisible();

    // The lane: a row for each step of the flow, none failed; the diagram draws them in order.
    await card.getByTestId('auth-show').click();
    const timeline = new TimelinePage(page);
    await expect(page.getByTestId('timeline-auth-lane')).toHaveAttribute('aria-pressed', 'true');
    await expect(app.list.locator('[data-testid="timeline-row"][data-kind="auth"]').first()).toBeVisible();
    const diagram = timeline.detail.getByTestId('auth-diagram');
    await expect(diagram.getByTestId('auth-step').first()).toBeVisible();
    const steps = diagram.getByTestId('auth-step');
    expect(await steps.count()).toBeGreaterThanOrEqual(12);
    const labels = (await steps.allInnerTexts()).join('\n');
    for (const step of ['challenge', 'resource-metadata', 'server-metadata', 'registration', 'authorization', 'callback', 'token', 'retry'])
      expect(labels, step).toContain(step);
    await expect(diagram.locator('[data-testid="auth-step"][data-failed="true"]')).toHaveCount(0);
    await expect(diagram.locator('[data-testid="auth-step"][data-to="browser"]')).not.toHaveCount(0);

    // What MCP Lens wrote: its home (journal and all), an export, the HTML viewer of the journal.
    await page.getByTestId('export-session').click();
    const dialog = page.getByTestId('export-dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
    const exported = fs.readFileSync(await download.path(), 'utf8');
    const journalDir = path.join(lens.home, 'journal');
    const journalFile = path.join(journalDir, fs.readdirSync(journalDir).find((f) => f.endsWith('.jsonl')) ?? '');
    const html = path.join(lens.home, '..', `${path.basename(lens.home)}-oauth-view.html`);
    await promisify(execFile)(process.execPath, [binJs, 'view', journalFile, '--html', html]);
    const htmlText = fs.readFileSync(html, 'utf8');
    fs.rmSync(html, { force: true });
    expect(fs.readFileSync(journalFile, 'utf8')).toContain('"kind":"auth"');
    // The code, the verifier and the access token at least were issued, and none is anywhere.
    expect(demo.issued.length).toBeGreaterThanOrEqual(3);
    const leaks = [
      ...filesUnder(lens.home).map(({ file, text }) => ({ where: path.relative(lens.home, file), text })),
      { where: 'the exported session file', text: exported },
      { where: 'mcp-lens view --html', text: htmlText },
    ].flatMap(({ where, text }) =>
      demo.issued.filter((secret) => text.includes(secret)).map((secret) => `${where}: ${secret.slice(0, 6)}…`),
    );
    expect(leaks).toEqual([]);
    expect(pageErrors).toEqual([]);
  } finally {
    await demo.close();
  }
});

test('a broken setup names its failing step in one sentence: a wrong resource, no PKCE, no metadata', async ({ page, lens }) => {
  test.setTimeout(120_000);
  const cases: [ProtectedDemoVariant, string, RegExp][] = [
    [
      'wrong-resource',
      'resource-metadata',
      /names resource https:\/\/elsewhere\.example\/mcp, but the server is http:\/\/127\.0\.0\.1:\d+\/mcp/,
    ],
    ['no-pkce', 'server-metadata', /PKCE|S256|code_challenge_methods_supported/],
    ['no-metadata', 'resource-metadata', /404|no protected resource metadata|not found/i],
  ];
  const app = new AppPage(page);
  await app.open(lens.url);
  for (const [variant, step, sentence] of cases) {
    const demo = await startProtectedDemo({ variant });
    try {
      await app.fillUrl(demo.mcpUrl);
      const card = await app.connect('Stateless');
      await expect(card.getByTestId('auth-show')).toBeVisible();
      await card.getByTestId('auth-show').click();
      const failed = new TimelinePage(page).detail.getByTestId('auth-failed-sentence');
      await expect(failed, variant).toContainText(`${step} failed`);
      await expect(failed, variant).toContainText(sentence);
      await expect(card.getByTestId('auth-open'), variant).toHaveCount(0);
    } finally {
      await demo.close();
    }
  }
});

test('step by step: each request of the flow waits on the lane, one is edited before it goes, and the flow goes on to the tools', async ({
  page,
  lens,
}) => {
  test.setTimeout(120_000);
  const demo = await startProtectedDemo();
  try {
    const app = new AppPage(page);
    await app.open(lens.url);
    await app.fillUrl(demo.mcpUrl);
    await page.getByTestId('oauth-fields').locator('summary').click();
    await page.getByLabel('Step by step').check();
    const card = await app.connect('Stateless');
    const timeline = new TimelinePage(page);
    const held = timeline.detail.getByTestId('auth-held');
    // The first held request is the metadata's GET: its URL is edited (a query the server ignores), and it goes.
    await expect(card.getByTestId('auth-held-note')).toBeVisible();
    await card.getByTestId('auth-show').click();
    const url = held.getByLabel(/^GET URL/);
    await expect(url).toHaveValue(/\/\.well-known\/oauth-protected-resource\/mcp$/);
    await url.fill(`${await url.inputValue()}?edited=1`);
    await held.getByRole('button', { name: 'Send' }).click();
    await expect(app.list.locator('[data-testid="timeline-row"][data-kind="auth"]').filter({ hasText: 'edited=1' }).first()).toBeVisible();
    // Every later request as it is, until the flow asks for the browser.
    const heldNote = card.getByTestId('auth-held-note');
    for (let sent = 0; sent < 10; sent++) {
      await expect(heldNote.or(card.getByTestId('auth-open'))).toBeVisible();
      if ((await card.getByTestId('auth-open').count()) > 0) break;
      const before = await heldNote.textContent();
      await card.getByTestId('auth-show').click();
      await held.getByRole('button', { name: 'Send' }).click();
      // The next request waits in its place, or the browser is asked for.
      // Read without waiting: textContent() would wait for a note that is gone for good once the
      // browser is asked for. An empty read (no note for now) is a change too; the loop's first
      // line then waits for the next note or the browser.
      await expect
        .poll(async () => ((await card.getByTestId('auth-open').count()) > 0 ? 'browser' : (await heldNote.allTextContents()).join('')))
        .not.toBe(before);
    }
    const [tab] = await Promise.all([page.context().waitForEvent('page'), card.getByTestId('auth-open').click()]);
    await tab.getByLabel('Username').fill('lens-user');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('button', { name: 'Allow' }).click();
    await expect(tab).toHaveURL(/\/oauth\/callback\?/);
    await tab.close();
    // The token request waits too, then the tools come.
    await expect(card.getByTestId('auth-held-note')).toBeVisible();
    await card.getByTestId('auth-show').click();
    await held.getByRole('button', { name: 'Send' }).click();
    await expect(card.getByTestId('conn-status')).toContainText('HTTP · connected');
  } finally {
    await demo.close();
  }
});
