// "Copy as CLI" from a clone: the copied line, run by bash with no `mcp-lens` on the PATH, starts
// the server as the app did (its env value, its secret argument and env key handed on from the
// shell by name, never written into the line) and answers its elicitation as the row did, so it
// prints the row's result. Without the secrets set, it stops and names them; nothing is sent.
import { spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { atEachViewport } from './support/viewports.js';
import { journalEvents } from './support/wire.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TimelinePage } from './pages/timelinePage.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const TOKEN = 'tok-secret-123';
const API_KEY = 'sk-secret-456';

/** Runs a line in bash with a plain environment (PATH and HOME) plus `env`: exit code and output. */
function bash(line: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', line], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The text of the recorded answer to the tools/call of `tool` on `conn`, parsed (known secrets masked, as journaled). */
function recordedText(home: string, conn: string, tool: string): unknown {
  const asked = new Set<unknown>();
  for (const e of journalEvents(home)) {
    if (e.conn !== conn || e.kind !== 'line' || typeof e.text !== 'string') continue;
    let message: { id?: unknown; method?: string; params?: { name?: string }; result?: { content?: { text?: string }[] } };
    try {
      message = JSON.parse(e.text) as typeof message;
    } catch {
      continue;
    }
    if (e.stream === 'stdin' && message.method === 'tools/call' && message.params?.name === tool) asked.add(message.id);
    const text = message.result?.content?.[0]?.text;
    if (e.stream === 'stdout' && asked.has(message.id) && typeof text === 'string') return JSON.parse(text) as unknown;
  }
  throw new Error(`no recorded answer to ${tool}`);
}

/** What the CLI printed: the text of the result's first block, parsed, with the known secrets masked as the journal masks them. */
function printedText(stdout: string): unknown {
  const text = (JSON.parse(stdout) as { content: { text: string }[] }).content[0]?.text ?? '';
  return JSON.parse(text.replaceAll(TOKEN, '[redacted]').replaceAll(API_KEY, '[redacted]')) as unknown;
}

/** The copied line of the row of the call to `tool`, once its command reads `expected` (an elicitation's answer is read after the row). */
async function copiedLine(page: Page, tl: TimelinePage, conn: string, tool: string, expected: RegExp): Promise<string> {
  const rows = tl.row({ conn, method: 'tools/call', status: 'ok' }).filter({ hasText: tool });
  const detail = await tl.select(rows.first());
  await expect(detail.getByTestId('detail-cli')).toHaveText(expected);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await detail.getByTestId('copy-cli').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(expected);
  return page.evaluate(() => navigator.clipboard.readText());
}

atEachViewport(() => {
  test('a copied command run in bash gives the row’s result, or names the secrets it needs', async ({ page, lens, pageErrors }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await page.getByLabel(/^Environment/).fill(`GREETING=hello there\nAPI_KEY=${API_KEY}`);
    const conn = await app.connect('Handshake', { command: 'node', args: [fixture('env-report.mjs'), '--token', TOKEN] });
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    const id = (await conn.getAttribute('data-conn')) ?? '';

    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('report');
    await tools.send();
    await expect(tools.result.getByTestId('block-text').first()).toContainText('hello there');

    await tools.pick('confirm');
    await tools.send();
    const dialog = page.getByTestId('question');
    await expect(dialog).toContainText('Go ahead?');
    await dialog.getByLabel('confirm').check();
    await dialog.getByLabel('who').fill('Ada');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    await expect(tools.result.getByTestId('block-text').first()).toContainText('accept');

    const tl = new TimelinePage(page);
    await tl.open();
    await tl.indexedAll();
    // What the rows hold: the server saw the env value and both secrets (masked in the journal).
    const reported = recordedText(lens.home, id, 'report');
    expect(reported).toMatchObject({ greeting: 'hello there', apiKey: '[redacted]', token: '[redacted]' });
    const confirmed = recordedText(lens.home, id, 'confirm');
    expect(confirmed).toEqual({ action: 'accept', content: { confirm: true, who: 'Ada' } });

    const reportLine = await copiedLine(page, tl, id, 'report', /--pass-env API_KEY/);
    for (const secret of [TOKEN, API_KEY, '[redacted]']) expect(reportLine).not.toContain(secret);
    expect(reportLine).toContain(`--env 'GREETING=hello there'`);
    await expect(page.getByTestId('detail-cli-needs')).toHaveText(/Needs API_KEY, TOKEN set in your shell/);
    // Nothing set: bash stops at the first secret it needs, naming it, before anything runs.
    const bare = await bash(reportLine);
    expect(bare.code).not.toBe(0);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toContain('TOKEN');
    // The argument given, the env key not: the CLI names it and starts no server.
    const half = await bash(reportLine, { TOKEN });
    expect(half.code, `${reportLine}\n${half.stderr}`).toBe(2);
    expect(half.stderr).toContain('the server needs API_KEY from this environment');
    // Both set: the same answer the row has.
    const full = await bash(reportLine, { TOKEN, API_KEY });
    expect(full.code, full.stderr).toBe(0);
    expect(printedText(full.stdout)).toEqual(reported);
    expect(full.stdout).toContain(API_KEY);

    const confirmLine = await copiedLine(page, tl, id, 'confirm', /--elicit accept --elicit-content/);
    const answered = await bash(confirmLine, { TOKEN, API_KEY });
    expect(answered.code, answered.stderr).toBe(0);
    expect(printedText(answered.stdout)).toEqual(confirmed);
    expect(pageErrors).toEqual([]);
  });
});
