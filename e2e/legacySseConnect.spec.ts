// An older server, reached by the URL a user copies from its README (/sse): the 2024-11-05
// HTTP+SSE transport is found after the POST is refused, named on the card, and its tools answer.
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { startEverythingSse, type RunningHttpServer } from '../bridge/testing/httpServers.js';

atEachViewport(() => {
  test('connects to an HTTP+SSE server by its /sse URL, lists its tools and calls one', async ({ page, lens, pageErrors }) => {
    const server: RunningHttpServer = await startEverythingSse();
    try {
      const app = new AppPage(page);
      await app.open(lens.url);
      await app.fillUrl(server.url);
      const conn = await app.connect('Auto');
      await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
      await expect(conn.getByTestId('conn-status')).toContainText('HTTP+SSE (2024-11-05) · connected');
      await expect(conn.getByRole('list', { name: 'Connection steps' })).toContainText('the server speaks the older HTTP+SSE transport');

      const tools = new ToolsPage(page);
      await tools.open();
      await tools.pick('Echo Tool');
      await tools.field('tool-echo_message').fill('from an older server');
      await tools.send();
      await expect(tools.result.getByTestId('block-text')).toContainText('Echo: from an older server');

      // Neither the 404 page nor the endpoint's URL is flagged as a message.
      await app.showTimeline();
      await expect(app.row('tools/call').first()).toBeVisible();
      await page.getByTestId('timeline-findings-only').click();
      await expect(app.rows).toHaveCount(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
