// A tab reloaded while connected to an older server (HTTP+SSE, 2024-11-05) takes the connection
// over from the journal with the endpoint its stream named, so its next call still reaches the
// server and is answered on that stream.
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { startEverythingSse, type RunningHttpServer } from '../bridge/testing/httpServers.js';

atEachViewport(() => {
  test('after a reload, a tool call on an HTTP+SSE connection goes to its endpoint and is answered', async ({ page, lens, pageErrors }) => {
    const server: RunningHttpServer = await startEverythingSse();
    try {
      const app = new AppPage(page);
      await app.open(lens.url);
      await app.fillUrl(server.url);
      const conn = await app.connect('Auto');
      await expect(conn.getByTestId('conn-status')).toContainText('HTTP+SSE (2024-11-05) · connected');
      const id = (await conn.getAttribute('data-conn')) ?? '';

      await page.reload();
      await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
      await expect(app.card(id).getByTestId('conn-status')).toContainText('HTTP+SSE (2024-11-05) · connected');
      await app.card(id).click();

      const tools = new ToolsPage(page);
      await tools.open();
      await tools.pick('Echo Tool');
      await tools.field('tool-echo_message').fill('after a reload');
      await tools.send();
      await expect(tools.result.getByTestId('block-text')).toContainText('Echo: after a reload');
      expect(pageErrors).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
