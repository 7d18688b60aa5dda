import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';

test.describe('connecting to the demo server', () => {
  test('the app loads clean and takes the token out of the address bar', async ({ page, lens, pageErrors }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    expect(page.url()).not.toContain('token');
    await expect(page.getByLabel('Command')).not.toHaveValue('');
    expect(pageErrors).toEqual([]);
  });

  test('handshake flow: initialize, its result, then notifications/initialized', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake');
    await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake · 2025-11-25/);
    await app.focus(conn);
    const initialize = app.row('initialize', 1);
    await expect(initialize).toHaveCount(1);
    await expect(initialize).toHaveAttribute('data-status', 'ok');
    await expect(app.row('notifications/initialized')).toHaveCount(1);
    await expect(app.row('server/discover')).toHaveCount(0);
    const order = await app.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-method')));
    expect(order.filter((m) => m === 'initialize' || m === 'notifications/initialized')).toEqual([
      'initialize',
      'notifications/initialized',
    ]);
    // Its result came back before notifications/initialized went out.
    const detail = await app.selectRow(initialize);
    await expect(detail.getByTestId('detail-kind')).toHaveText(['request initialize', 'result']);
    const resultSeq = Number(await detail.getByTestId('detail-line').nth(1).getAttribute('data-seq'));
    const note = await app.selectRow(app.row('notifications/initialized'));
    expect(Number(await note.getByTestId('detail-line').getAttribute('data-seq'))).toBeGreaterThan(resultSeq);
  });

  test('stateless flow: server/discover with the _meta envelope, no initialize', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Stateless');
    await expect(conn.getByTestId('flow-pill')).toHaveText(/stateless · 2026-07-28/);
    await app.focus(conn);
    const discover = app.row('server/discover', 1);
    await expect(discover).toHaveCount(1);
    await expect(discover).toHaveAttribute('data-status', 'ok');
    const detail = await app.selectRow(discover);
    const [request, result] = [detail.getByTestId('detail-line').nth(0), detail.getByTestId('detail-line').nth(1)];
    await expect(request).toContainText('"io.modelcontextprotocol/protocolVersion":"2026-07-28"');
    await expect(request).toContainText('io.modelcontextprotocol/clientCapabilities');
    await expect(result).toContainText('"resultType":"complete"');
    await expect(result).toContainText('"io.modelcontextprotocol/serverInfo"');
    await expect(app.row('initialize')).toHaveCount(0);
    await expect(app.row('notifications/initialized')).toHaveCount(0);
  });

  test('auto flow settles on the stateless flow for the demo server, showing the probe', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Auto');
    await expect(conn.getByTestId('flow-pill')).toHaveText(/stateless/);
    await expect(conn.getByRole('list', { name: 'Connection steps' })).toContainText('probing with server/discover');
  });
});

test('the server given on the command line is the one the form starts with', async ({ page }) => {
  const { startLens, fixture } = await import('./support/lens.js');
  // `npm start -- -- node server.js`, word for word as the README has it.
  const lens = await startLens({ serverArgs: ['node', fixture('non-json.mjs'), '--flag=x'], npmStart: true });
  try {
    const app = new AppPage(page);
    await app.open(lens.url);
    await expect(page.getByLabel('Command')).toHaveValue('node');
    await expect(page.getByLabel(/^Arguments/)).toHaveValue(`${fixture('non-json.mjs')}\n--flag=x`);
    const conn = await app.connect('Auto');
    await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
    await expect(conn.getByRole('list', { name: 'Connection steps' })).toContainText('falling back to the handshake');
  } finally {
    await lens.stop();
  }
});
