// An older server's own exchange on the timeline, as a new user first sees it: the page its POST
// is refused with and the endpoint event's URL read as the HTTP+SSE transport's steps, never as
// invalid lines.
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { startEverythingSse, type RunningHttpServer } from '../bridge/testing/httpServers.js';

atEachViewport(() => {
  test('connecting by the /sse URL shows the refused POST and the endpoint as HTTP rows, none invalid', async ({
    page,
    lens,
    pageErrors,
  }) => {
    const server: RunningHttpServer = await startEverythingSse();
    try {
      const app = new AppPage(page);
      await app.open(lens.url);
      await app.fillUrl(server.url);
      const conn = await app.connect('Auto');
      await expect(conn.getByTestId('conn-status')).toContainText('HTTP+SSE (2024-11-05) · connected');

      const id = await app.focus(conn);
      await app.showOnly(`conn:${id};kind:http;q:endpoint`);
      await expect(app.rows).toHaveText([/^.*HTTP\+SSE endpoint: \/message\?sessionId=[\w-]+.*$/]);
      await app.showOnly(`conn:${id};kind:http;status:error`);
      // Auto's probe and then initialize are both refused (one row each) before the GET.
      await expect(app.rows.first()).toHaveText(/HTTP 404 [\w/]+, refused: \S/);
      await expect(app.rows.filter({ hasNotText: /HTTP 404 [\w/]+, refused: \S/ })).toHaveCount(0);
      // Nothing on this connection reads as broken: no invalid line, no invalid status.
      await app.showOnly(`conn:${id};kind:invalid`);
      await expect(page.getByTestId('timeline-facet-conn')).toHaveAttribute('data-chosen', id);
      await expect(app.rows).toHaveCount(0);
      await app.showOnly(`conn:${id};status:invalid`);
      await expect(app.rows).toHaveCount(0);
      await app.showOnly(`conn:${id}`);
      await expect(app.rows.filter({ hasText: 'initialize' }).first()).toBeVisible();
      expect(pageErrors).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
