/**
 * The log level changed on a connected card: the handshake flow sends logging/setLevel then;
 * the stateless flow (2026-07-28, no setLevel) puts the level in the _meta envelope of every
 * request after the change. Either way the demo's echo then logs.
 */
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

atEachViewport(() => {
  test('handshake: changing the level sends logging/setLevel, and the server logs from then on', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake');
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    await conn.getByLabel('Server log level').selectOption('info');
    await expect(conn.getByTestId('log-level-status')).toHaveText('logging/setLevel info: accepted');
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('Echo');
    await tools.field('tool-echo_message').fill('loud');
    await tools.send();
    await expect(tools.result).toContainText('loud');
    await app.showTimeline();
    await expect(app.row('logging/setLevel')).toHaveAttribute('data-status', 'ok');
    await app.filter('"level":"info"');
    await expect(app.row('notifications/message')).toHaveCount(1);
  });

  test('stateless: changing the level puts it in the _meta of the next requests, and the server logs', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Stateless');
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    await conn.getByLabel('Server log level').selectOption('info');
    await expect(conn.getByTestId('log-level-status')).toHaveText(`info goes in _meta (${LOG_LEVEL}) on every request from now on`);
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('Echo');
    await tools.field('tool-echo_message').fill('loud');
    await tools.send();
    await expect(tools.result).toContainText('loud');
    const sent = (await tools.wireRequest()) as { params: { _meta: Record<string, unknown> } };
    expect(sent.params._meta[LOG_LEVEL]).toBe('info');
    await app.showTimeline();
    await expect(app.row('logging/setLevel')).toHaveCount(0);
    await expect(app.row('notifications/message')).toHaveCount(1);
  });
});
