// A host's real traffic, live: a test host (the official SDK's client) runs the demo server through
// `mcp-lens tap`, in both flows at once, while the app is open. Each tapped connection appears in
// the sidebar named by the host and the server, its rows and lint land on the timeline as they
// pass, and nothing in the app can write to it: no controls on its card, no resend, and the
// bridge refuses a command that names it. With no bridge running, the tap journals; the session
// opens from the sidebar of a bridge started later, like any other.
import { spawn, type ChildProcess } from 'node:child_process';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { binJs, fixture, root, startLens } from './support/lens.js';

function startHost(flow: 'handshake' | 'stateless', home: string): { proc: ChildProcess; printed: Promise<string> } {
  const proc = spawn(
    process.execPath,
    [
      fixture('sdk-host.mjs'),
      '--flow',
      flow === 'handshake' ? 'legacy' : 'stateless',
      '--odd-level',
      '--linger',
      '--',
      process.execPath,
      binJs,
      'tap',
      '--',
      process.execPath,
      `${root}/dist/node/demo/server.js`,
    ],
    { cwd: root, env: { ...process.env, MCP_LENS_HOME: home }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const printed = new Promise<string>((resolve) => {
    let out = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // One JSON document, printed whole: its last line is its closing brace.
      if (out.endsWith('}\n')) resolve(out);
    });
  });
  return { proc, printed };
}

atEachViewport(() => {
  test('a host tapped in both flows shows live, named by the host, with its rows and lint, and cannot be written to', async ({
    page,
    lens,
  }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await app.showTimeline();
    const hosts = [startHost('handshake', lens.home), startHost('stateless', lens.home)];
    try {
      for (const host of hosts) expect(await host.printed).toContain('hello through the pipe');

      const tapped = page.locator('[data-testid="connection"][data-tapped]');
      // The stateless client probes on a sibling process first: at least one card per flow.
      await expect.poll(() => tapped.count()).toBeGreaterThanOrEqual(2);
      const named = tapped.filter({ hasText: 'sdk-test-host 1.2.3 → MCP Lens demo server 0.1.0' });
      await expect.poll(() => named.count()).toBeGreaterThanOrEqual(2);
      const card = named.first();
      await expect(card.getByTestId('tap-pill')).toHaveText('tapped · read-only');
      await expect(card.getByTestId('conn-status')).toContainText('from the host');
      // Nothing to act with: no Stop, no raw line, not a connection the panels work on.
      await expect(card.getByRole('button')).toHaveCount(0);
      await expect(page.getByTestId('active-conn')).toHaveText('no open connection');
      // Only the host ends its connections: "Stop all" has nothing of ours to stop.
      await expect(page.getByRole('button', { name: 'Stop all' })).toBeDisabled();

      // Its rows, paired, as they passed: the echo call of each flow, answered.
      for (const flow of ['handshake', 'stateless']) {
        const call = app.rows.filter({ hasText: `hello through the pipe, ${flow === 'handshake' ? 'legacy' : 'stateless'}` }).first();
        await expect(call).toBeVisible();
      }
      // Lint reads a host's traffic as it reads ours: the unknown log level is flagged.
      const loud = app.row('logging/setLevel', 9001).first();
      await expect(loud.getByTestId('finding-flag')).toBeVisible();
      const detail = await app.selectRow(loud);
      await expect(detail.getByTestId('findings')).toContainText('schema-violation');
      // No resend on a host's connection: the detail says why.
      await expect(detail).toContainText("a host's connection, recorded by mcp-lens tap: MCP Lens only watches it");

      // The bridge itself refuses a write: a command naming the tapped connection.
      const conn = (await card.getAttribute('data-conn')) ?? '';
      const refusal = await page.evaluate(
        async ({ token, conn }) => {
          const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
          return await new Promise<string>((resolve) => {
            ws.onmessage = (m) => {
              const frame = JSON.parse(String(m.data)) as { type: string; message?: string };
              if (frame.type === 'welcome')
                ws.send(JSON.stringify({ type: 'send', conn, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }));
              if (frame.type === 'rejected') resolve(frame.message ?? '');
            };
          });
        },
        { token: lens.token, conn },
      );
      expect(refusal).toContain('only watches it');
    } finally {
      for (const host of hosts) host.proc.stdin?.end();
    }
    // The host ends the session: its server exits, and the card says so.
    const tapped = page.locator('[data-testid="connection"][data-tapped]');
    await expect(tapped.filter({ hasText: 'sdk-test-host' }).first()).toHaveAttribute('data-status', 'exited');
  });

  test('a host tapped while no bridge ran is journaled, and opens from the sidebar of a bridge started later', async ({ page }) => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-e2e-tap-'));
    const host = startHost('handshake', home);
    expect(await host.printed).toContain('hello through the pipe');
    host.proc.stdin?.end();
    await new Promise((resolve) => host.proc.once('exit', resolve));
    const [journal] = fs.readdirSync(path.join(home, 'journal')).filter((name) => name.startsWith('tap-'));
    expect(journal).toBeDefined();
    const session = (journal ?? '').replace(/\.jsonl$/, '');

    const lens = await startLens({ home });
    try {
      const app = new AppPage(page);
      await app.open(lens.url);
      await page.getByTestId('past-sessions').getByRole('button', { name: session }).click();
      await expect(page.getByTestId('archive-banner')).toContainText(session);
      await expect(app.row('tools/call', 2)).toHaveAttribute('data-status', 'ok');
      await expect(app.row('logging/setLevel', 9001).getByTestId('finding-flag')).toBeVisible();
    } finally {
      await lens.stop();
    }
  });
});
