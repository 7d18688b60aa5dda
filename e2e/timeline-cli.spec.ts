// "Copy as CLI": the copied command, pasted into a shell where `mcp-lens` is the built CLI,
// sends the same request again and prints the same result as the one recorded.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './support/fixtures.js';
import { AppPage, type FlowName } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { binJs } from './support/lens.js';
import { journalEvents } from './support/wire.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** A directory holding an `mcp-lens` that runs the built CLI, as `npm i -g` would put on the PATH. */
function cliOnPath(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-cli-'));
  const shim = path.join(dir, 'mcp-lens');
  fs.writeFileSync(shim, `#!/bin/sh\nexec '${process.execPath}' '${binJs}' "$@"\n`, { mode: 0o755 });
  return dir;
}

/** Runs a command line in a POSIX shell; resolves with its exit code and stdout. */
function sh(line: string, pathDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', line], {
      env: { ...process.env, PATH: `${pathDir}${path.delimiter}${process.env.PATH ?? ''}` },
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

/** The `result` of the recorded answer whose first text block holds `marker`, as the server wrote it. */
function recordedResult(home: string, conn: string, marker: string): unknown {
  for (const e of journalEvents(home)) {
    if (e.conn !== conn || e.kind !== 'line' || e.stream !== 'stdout' || typeof e.text !== 'string') continue;
    let answer: { result?: { content?: Array<{ text?: unknown }> } };
    try {
      answer = JSON.parse(e.text) as typeof answer;
    } catch {
      continue;
    }
    const text = answer.result?.content?.[0]?.text;
    if (typeof text === 'string' && text.includes(marker)) return answer.result;
  }
  throw new Error(`no recorded answer holds ${marker}`);
}

for (const flow of ['Handshake', 'Stateless'] as FlowName[]) {
  test(`copy as CLI, run in a shell, gives the same result (${flow.toLowerCase()} flow)`, async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect(flow);
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    const id = (await conn.getAttribute('data-conn')) ?? '';
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('Echo');
    const message = `it's "quoted" & $HOME stays text`;
    await tools.field('tool-echo_message').fill(message);
    await tools.send();
    await expect(tools.result.getByTestId('block-text')).toContainText(`Echo: ${message}`);
    await tools.pick('Fail');
    await tools.field('tool-fail_reason').fill('on purpose');
    await tools.send();
    await expect(tools.result).toHaveAttribute('data-kind', 'tool-error');

    const tl = new TimelinePage(page);
    await tl.open();
    await tl.indexedAll();
    const bin = cliOnPath();
    try {
      for (const [status, marker, exitCode] of [
        ['ok', `Echo: ${message}`, 0],
        ['isError', 'Reason: on purpose', 1],
      ] as const) {
        const detail = await tl.select(tl.row({ conn: id, method: 'tools/call', status }));
        await page.evaluate(() => navigator.clipboard.writeText(''));
        await detail.getByTestId('copy-cli').click();
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/ call --flow /);
        const line = await page.evaluate(() => navigator.clipboard.readText());
        expect(line).toContain(`--flow ${flow.toLowerCase()}`);
        const run = await sh(line, bin);
        expect(run.code, run.stderr).toBe(exitCode);
        expect(JSON.parse(run.stdout)).toEqual(recordedResult(lens.home, id, marker));
      }
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
}
