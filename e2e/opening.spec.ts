import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { freshTabs } from './support/shared.js';

test.describe('opening a conversation with servers that make it hard', () => {
  // One bridge and one tab (support/shared.ts): each test reads only the card of the connection it made.
  const test = freshTabs();

  test('auto with a short probe timeout still finds the stateless flow of a server that starts slowly', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await page.getByRole('radio', { name: 'Auto' }).check();
    await page.getByLabel('Probe timeout (ms)').fill('300');
    const conn = await app.connect('Auto', { command: 'node', args: [fixture('v2-modern-only.mjs'), '--start-delay-ms', '2000'] });
    await expect(conn.getByTestId('flow-pill')).toHaveText(/stateless · 2026-07-28/, { timeout: 30_000 });
    const steps = conn.getByRole('list', { name: 'Connection steps' });
    await expect(steps).toContainText('no answer to server/discover within 300 ms');
    await expect(steps).toContainText('server/discover answered');
  });

  test('a slow server that serves both flows and accepted both openings is restarted, then stateless', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await page.getByRole('radio', { name: 'Auto' }).check();
    await page.getByLabel('Probe timeout (ms)').fill('300');
    const conn = await app.connect('Auto', {
      command: 'node',
      args: [fixture('v2-modern-only.mjs'), '--legacy', 'serve', '--start-delay-ms', '1500'],
    });
    await expect(conn.getByTestId('flow-pill')).toHaveText(/stateless · 2026-07-28/, { timeout: 45_000 });
    await expect(conn.getByRole('list', { name: 'Connection steps' })).toContainText('restarting it to open statelessly');
    await expect(conn).toHaveAttribute('data-status', 'running');
  });

  test('a probe timeout that is not a positive number is refused in the form', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await page.getByRole('radio', { name: 'Auto' }).check();
    await page.getByLabel('Probe timeout (ms)').fill('soon');
    const before = await app.connections.count();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Probe timeout' })).toBeVisible();
    await expect(app.connections).toHaveCount(before);
  });

  test('a server that pings during initialize gets its answer, and the handshake completes', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake', { command: 'node', args: [fixture('ping-during-initialize.mjs')] });
    await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake · 2025-11-25/);
    await expect(conn.getByRole('list', { name: 'Connection steps' })).toContainText('ping');
  });

  test('a server that dies at start: the exit code and its last stderr lines in the reason', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake', { command: 'node', args: [fixture('exits-with-code.mjs')] });
    await expect(conn.getByTestId('connect-error')).toHaveText(
      'the server exited with code 7 before answering initialize; its last stderr: starting config loader | fatal: config missing',
    );
  });
});
