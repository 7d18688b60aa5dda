// Connecting to a server that answers initialize with a version this client does not implement:
// the connection's card says the connect failed, naming the version, not a bare "connected".
import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';

test('a handshake answered with 2099-01-01 shows the connection failed, naming the version', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { args: [fixture('version-lister.mjs'), '--versions', '2099-01-01'] });
  const error = conn.getByTestId('connect-error');
  await expect(error).toContainText('protocol version "2099-01-01", which this client does not implement');
  await expect(conn.getByTestId('conn-status')).toContainText('connect failed');
  await expect(conn.getByTestId('flow-pill')).toHaveCount(0);
});

test('auto: a server that lists only 2099-01-01 shows the connection failed, naming the version', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Auto', { args: [fixture('version-lister.mjs'), '--versions', '2099-01-01'] });
  await expect(conn.getByTestId('connect-error')).toContainText('2099-01-01');
  await expect(conn.getByTestId('conn-status')).toContainText('connect failed');
});
