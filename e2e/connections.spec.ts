import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';

test.describe('connection names', () => {
  test('a connection is named by its serverInfo once known, else by its script; the demo label only for the demo', async ({
    page,
    lens,
  }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    // The prefilled command is the same `node` the demo server runs on: only the script differs.
    const hang = await app.connect('Handshake', { args: [fixture('hang.mjs')] }, { launchOnly: true });
    await expect(hang.getByTestId('conn-status')).toContainText(/pid \d+/);
    await expect(hang.getByTestId('conn-name')).toHaveText('hang.mjs');

    const crash = await app.connect('Handshake', { args: [fixture('crash.mjs')] });
    await expect(crash.getByTestId('flow-pill')).toBeVisible();
    await expect(crash.getByTestId('conn-name')).toHaveText('crash-fixture 1.0.0');
  });

  test('the demo server is named by its own serverInfo title and version', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const demo = await app.connect('Stateless');
    await expect(demo.getByTestId('flow-pill')).toBeVisible();
    await expect(demo.getByTestId('conn-name')).toHaveText('MCP Lens demo server 0.1.0');
  });
});

test.describe('launch only: the user writes the opening lines', () => {
  test('the panels attach once the handshake written by hand is complete', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake', undefined, { launchOnly: true });
    await expect(conn.getByTestId('conn-status')).toContainText(/pid \d+ · launched: write the opening lines/);
    await app.sendRaw(
      conn,
      '{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"by-hand","version":"1"}}}',
    );
    await expect(conn.getByTestId('conn-status')).toContainText('1 received');
    // The answer alone does not finish the handshake: notifications/initialized does.
    await expect(conn.getByTestId('flow-pill')).toHaveCount(0);
    await app.sendRaw(conn, '{"jsonrpc":"2.0","method":"notifications/initialized"}');
    await expect(conn.getByTestId('flow-pill')).toHaveText('handshake · 2025-06-18');
    await expect(conn.getByTestId('conn-status')).toContainText('connected');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect(page.getByTestId('tool-item').filter({ hasText: 'Echo' })).toBeVisible();
    // The app goes on after the ids written by hand.
    await app.focus(conn);
    await expect(app.row('tools/list', 8)).toHaveCount(1);
  });

  test('the panels attach once a server/discover written by hand is answered', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Stateless', undefined, { launchOnly: true });
    await expect(conn.getByTestId('conn-status')).toContainText(/pid \d+/);
    await app.sendRaw(
      conn,
      '{"jsonrpc":"2.0","id":"d1","method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
    );
    await expect(conn.getByTestId('flow-pill')).toHaveText('stateless · 2026-07-28');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect(page.getByTestId('tool-item').filter({ hasText: 'Echo' })).toBeVisible();
  });
});

/** True while a process with this pid exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test.describe('stop, stop all and remove', () => {
  test('stop one, stop all, remove stopped cards; the log keeps their events, and a reload keeps them removed', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const ids: string[] = [];
    const pids: number[] = [];
    for (const flow of ['Handshake', 'Stateless', 'Handshake'] as const) {
      const conn = await app.connect(flow);
      await expect(conn.getByTestId('flow-pill')).toBeVisible();
      ids.push((await conn.getAttribute('data-conn')) ?? '');
      pids.push(await app.pid(conn));
    }
    const [a = '', b = '', c = ''] = ids;
    await app.card(a).getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(app.card(a)).toHaveAttribute('data-status', 'exited');
    await expect(app.card(a).getByTestId('conn-status')).toContainText('stopped');
    expect(alive(pids[0] ?? 0)).toBe(false);
    await expect(app.card(b)).toHaveAttribute('data-status', 'running');

    await page.getByRole('button', { name: 'Stop all' }).click();
    for (const id of [b, c]) await expect(app.card(id)).toHaveAttribute('data-status', 'exited');
    for (const pid of pids) await expect.poll(() => alive(pid), { timeout: 20_000 }).toBe(false);
    await expect(page.getByRole('button', { name: 'Stop all' })).toBeDisabled();

    await app.card(a).getByRole('button', { name: 'Remove' }).click();
    await expect(app.card(a)).toHaveCount(0);
    for (const id of [b, c]) await expect(app.card(id)).toBeVisible();
    // The journal keeps what the removed connection did.
    await app.focus(app.card(b));
    await app.focus(a);
    await expect(app.row('initialize', 1)).toHaveCount(1);
    await expect(app.row('initialize', 1)).toHaveAttribute('data-conn', a);

    await page.reload();
    await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
    await expect(app.card(b)).toBeVisible();
    await expect(app.card(a)).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove stopped' }).click();
    await expect(app.connections).toHaveCount(0);
  });
});

/** Makes the page say it is hidden (or visible again), as a tab in the background does. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('a server no tab shows for the idle time is stopped: a hidden tab, then a closed one; the card says why', async ({ browser }) => {
  const { startLens } = await import('./support/lens.js');
  const lens = await startLens({ bridgeArgs: ['--idle-stop', '0.05'] });
  try {
    const first = await browser.newPage();
    const app = new AppPage(first);
    await app.open(lens.url);
    const hiddenConn = await app.connect('Handshake');
    await expect(hiddenConn.getByTestId('flow-pill')).toBeVisible();
    const hiddenId = (await hiddenConn.getAttribute('data-conn')) ?? '';
    const hiddenPid = await app.pid(hiddenConn);
    await setHidden(first, true);
    await expect.poll(() => alive(hiddenPid), { timeout: 30_000 }).toBe(false);
    await setHidden(first, false);
    await expect(app.card(hiddenId).getByTestId('conn-status')).toContainText('no tab showed it');

    const closedConn = await app.connect('Handshake');
    await expect(closedConn.getByTestId('flow-pill')).toBeVisible();
    const closedId = (await closedConn.getAttribute('data-conn')) ?? '';
    const closedPid = await app.pid(closedConn);
    await first.close();
    await expect.poll(() => alive(closedPid), { timeout: 30_000 }).toBe(false);

    const second = await browser.newPage();
    const again = new AppPage(second);
    await again.open(lens.url);
    await expect(again.card(closedId)).toHaveAttribute('data-status', 'exited');
    await expect(again.card(closedId).getByTestId('conn-status')).toContainText('no tab showed it');
    await again.focus(again.card(closedId));
    await expect(again.rows.filter({ hasText: `no tab has shown ${closedId}` })).toHaveCount(1);
    await second.close();
  } finally {
    await lens.stop();
  }
});
