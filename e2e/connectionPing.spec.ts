/**
 * The card's Ping: a liveness check with its round trip. The handshake flow sends `ping`; the
 * stateless flow (2026-07-28) removed ping, so the card asks server/discover instead and says so.
 */
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';

atEachViewport(() => {
  test('Ping on a handshake connection sends ping and shows the round trip and result', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake');
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    await conn.getByRole('button', { name: 'Ping', exact: true }).click();
    await expect(conn.getByTestId('ping-result')).toHaveText(/^ping answered in \d+ ms: \{\}$/);
    await app.showTimeline();
    await expect(app.row('ping')).toHaveCount(1);
    await expect(app.row('ping')).toHaveAttribute('data-status', 'ok');
  });

  test('Ping on a stateless connection asks server/discover, since 2026-07-28 has no ping', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Stateless');
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    await app.showTimeline();
    const discovers = await app.row('server/discover').count();
    await conn.getByRole('button', { name: 'Ping', exact: true }).click();
    await expect(conn.getByTestId('ping-result')).toHaveText(
      /^server\/discover answered in \d+ ms \(2026-07-28 has no ping\): it supports .*2026-07-28/,
    );
    await expect(app.row('server/discover')).toHaveCount(discovers + 1);
    await expect(app.row('ping')).toHaveCount(0);
  });
});
