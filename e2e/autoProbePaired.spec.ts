// Auto over HTTP probes with server/discover; a handshake-only server refuses it with an error
// whose id is null. That refusal is the probe's answer: no orphan row, no finding.
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { startEverythingHttp, type RunningHttpServer } from '../bridge/testing/httpServers.js';

atEachViewport(() => {
  test("auto's probe refused by a handshake-only server is paired with the probe: no orphan row, no finding", async ({
    page,
    lens,
    pageErrors,
  }) => {
    const server: RunningHttpServer = await startEverythingHttp();
    try {
      const app = new AppPage(page);
      await app.open(lens.url);
      await app.fillUrl(server.url);
      const conn = await app.connect('Auto');
      await expect(conn.getByTestId('conn-status')).toContainText('HTTP · connected');
      // Requests and orphan answers only: the server's notifications would push the opening rows out of a small window.
      await app.showOnly('kind:request,orphan-response');
      await expect(app.row('server/discover')).toHaveAttribute('data-status', 'error');
      await expect(app.row('initialize')).toHaveAttribute('data-status', 'ok');
      await expect(page.locator('[data-testid="timeline-row"][data-kind="orphan-response"]')).toHaveCount(0);
      await page.getByTestId('timeline-findings-only').click();
      await expect(app.rows).toHaveCount(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
