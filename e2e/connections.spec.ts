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
    await page.getByRole('tab', { name: 'Log' }).click();
    await app.focus(conn);
    await expect(app.badge('tools/list #8')).toHaveCount(1);
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
