import { test, expect } from './support/fixtures.js';
import { fixture, startLens } from './support/lens.js';
import { AppPage } from './pages/appPage.js';

test('closing the tab and opening the URL again shows the whole timeline', async ({ browser, lens }) => {
  const first = await browser.newPage();
  const app = new AppPage(first);
  await app.open(lens.url);
  const conn = await app.connect('Handshake');
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const connId = (await conn.getAttribute('data-conn')) ?? '';
  await expect(app.stats).toHaveText(/^(\d+) of \1 rows$/);
  const before = await app.stats.textContent();
  await first.close();

  const second = await browser.newPage();
  const again = new AppPage(second);
  await again.open(lens.url);
  await expect(again.stats).toHaveText(before ?? '');
  await expect(again.row('initialize', 1).first()).toBeVisible();
  // The connection's state is rebuilt from the journal, not lost with the tab.
  await expect(again.connections.filter({ hasText: connId }).getByTestId('flow-pill')).toHaveText(/handshake/);
  // Reopened within the idle window, the server still runs and this tab adopts it.
  await expect(again.card(connId)).toHaveAttribute('data-status', 'running');
  await second.getByRole('tab', { name: 'Tools' }).click();
  await expect(second.getByTestId('tool-item').filter({ hasText: 'Echo' })).toBeVisible();
  await second.close();
});

test('the journal survives a bridge restart and reads back in the app', async ({ page }) => {
  // Through `npm start`, as the README says: Ctrl-C must get past npm to the bridge.
  const lens = await startLens({ npmStart: true });
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Stateless');
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const firstSession = (await page.getByText(/^session /).textContent())?.replace('session ', '') ?? '';
  const pid = Number(/pid (\d+)/.exec((await conn.getByTestId('conn-status').textContent()) ?? '')?.[1]);
  expect(pid).toBeGreaterThan(0);
  // A server that prints a line that is not JSON, for lint to flag when the session is read back.
  const noisy = await app.connect('Handshake', { command: 'node', args: [fixture('non-json.mjs')] });
  await expect(noisy.getByTestId('flow-pill')).toHaveText(/handshake/);
  // Ctrl-C on `npm start`: the bridge stops its servers before it exits; none is left behind.
  await lens.stop();
  expect(() => process.kill(pid, 0)).toThrow();

  const restarted = await startLens({ home: lens.home });
  try {
    await app.open(restarted.url);
    await expect(page.getByText(/^session /)).not.toHaveText(`session ${firstSession}`);
    const past = page.getByTestId('past-sessions');
    await past.getByRole('button', { name: firstSession }).click();
    await expect(page.getByTestId('archive-banner')).toContainText(firstSession);
    await expect(app.row('server/discover', 1)).toHaveCount(1);
    await expect(app.row('server/discover', 1)).toHaveAttribute('data-status', 'ok');
    // Stopped by Ctrl-C: the stop steps and an exit for each server.
    await expect(app.rows.and(page.locator('[data-kind="process"]')).filter({ hasText: /exit (\d+|SIG[A-Z]+)/ })).toHaveCount(2);
    // Lint reads the journal in a worker of its own once the rows are in: the line is flagged.
    const banner = app.rows.and(page.locator('[data-kind="invalid"]')).filter({ hasText: 'Server starting... (not JSON)' });
    await expect(banner.getByTestId('finding-flag')).toBeVisible();
    await expect(page.getByTestId('timeline-stats')).toHaveAttribute('data-lint-done', 'true');
  } finally {
    await restarted.stop();
  }
});
