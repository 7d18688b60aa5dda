import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { collectDialogs } from './support/dialogs.js';
import { ToolsPage } from './pages/toolsPage.js';

test('a wrong token gets a clear message, not a blank page', async ({ page, lens }) => {
  await page.goto(`${lens.origin}/#token=not-the-token`);
  await expect(page.getByRole('alert')).toContainText('the bridge refused this token');
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeDisabled();
});

test('no token at all says where to find one', async ({ page, lens }) => {
  await page.goto(`${lens.origin}/`);
  await expect(page.getByRole('alert')).toContainText('#token=');
});

test('markup and script from a server are shown as text and never run', async ({ page, lens }) => {
  const dialogs = collectDialogs(page);
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('hostile.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  await app.focus(conn);
  // The raw stdout and stderr lines, the initialize result, the connect note and the step that
  // names the stdout line that is not JSON-RPC all carry it.
  await app.filter('<img src=x onerror=');
  await expect(app.rows).toHaveCount(5);
  // The detail shows it as text: the exact answer and its JSON tree.
  const detail = await app.selectRow(app.row('initialize', 1));
  await expect(detail.getByTestId('detail-line').nth(1)).toContainText('<img src=x onerror=');
  await expect(detail.getByRole('tree').nth(1)).toContainText('<script>');
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('#root script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("a server's links into the app (its token's fragment) are inert; links out open in a new tab", async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('hostile.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('links');
  await tools.send();
  const text = tools.result.getByTestId('block-text');
  await expect(text.getByTestId('inert-link')).toHaveText(['into the app', 'its fragment', 'script']);
  await expect(text.locator('a')).toHaveCount(1);
  await expect(text.locator('a')).toHaveAttribute('href', 'https://example.com/docs');
  await expect(text.locator('a')).toHaveAttribute('target', '_blank');
  const before = page.url();
  await text.getByTestId('inert-link').first().click();
  await text.getByTestId('inert-link').nth(2).click();
  expect(page.url()).toBe(before);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
});

test('a bridge restart under an open tab: it reconnects and starts the new session', async ({ page }) => {
  const { startLens } = await import('./support/lens.js');
  const { fixedPort } = await import('../bridge/testing/fixedPort.js');
  const first = await startLens({ env: { MCP_LENS_TOKEN: 'restart-token-e2e' }, port: await fixedPort() });
  const app = new AppPage(page);
  await app.open(first.url);
  const session = await page.getByText(/^session /).textContent();
  await first.stop();
  await expect(page.getByTestId('socket-status')).not.toHaveText('bridge connected');
  // Same port and token, as a user restarting `npm start -- --port N` with a fixed token would.
  const second = await startLens({
    home: first.home,
    env: { MCP_LENS_TOKEN: 'restart-token-e2e', PORT: String(first.port) },
    port: first.port,
  });
  try {
    await expect(page.getByTestId('socket-status')).toHaveText('bridge connected', { timeout: 20_000 });
    await expect(page.getByText(/^session /)).not.toHaveText(session ?? '');
  } finally {
    await second.stop();
  }
});
