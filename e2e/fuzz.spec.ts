import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { collectDialogs } from './support/dialogs.js';
import { ToolsPage } from './pages/toolsPage.js';

// The seed of e2e/fixtures/chaos.mjs's output: FUZZ_SEED picks another.
const SEED = process.env.FUZZ_SEED ?? '20261202';

test(`a server writing random bytes, deep JSON, a 4 MiB line, hostile strings and schemas (seed ${SEED}): the page keeps working and nothing runs`, async ({
  page,
  lens,
  pageErrors,
}) => {
  const dialogs = collectDialogs(page);
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('chaos.mjs'), '--seed', SEED] });
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);

  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('echo');
  await tools.send();
  await expect(tools.result.getByTestId('verdict')).toHaveText('✕ does not match outputSchema');
  // The tool named with markup is listed as text.
  await expect(page.getByTestId('tool-item').first()).toContainText(/<script>|<img|javascript:|token=|constructor/);

  await app.showTimeline();
  await app.filter('notifications/message');
  await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
  expect((await page.request.get(`${lens.origin}/api/health`)).status()).toBe(200);
  expect(dialogs).toEqual([]);
  expect(pageErrors).toEqual([]);
});
