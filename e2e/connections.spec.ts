import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';

test.describe('connection names', () => {
  test('a connection is named by its serverInfo once known, else by its script; the demo label only for the demo', async ({
    page,
    lens,
  }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    // The prefilled command is the same `node` the demo server runs on: only the script differs.
    const hang = await app.connect('Handshake', { args: [fixture('hang.mjs')] }, { launchOnly: true });
    await expect(hang.getByTestId('conn-status')).toContainText(/pid \d+/);
    await expect(hang.getByTestId('conn-name')).toHaveText('hang.mjs');

    const crash = await app.connect('Handshake', { args: [fixture('crash.mjs')] });
    await expect(crash.getByTestId('flow-pill')).toBeVisible();
    await expect(crash.getByTestId('conn-name')).toHaveText('crash-fixture 1.0.0');
  });

  test('the demo server is named by its own serverInfo title and version', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const demo = await app.connect('Stateless');
    await expect(demo.getByTestId('flow-pill')).toBeVisible();
    await expect(demo.getByTestId('conn-name')).toHaveText('MCP Lens demo server 0.1.0');
  });
});
