import { test, expect } from './support/fixtures.js';
import path from 'node:path';
import { fixture, root } from './support/lens.js';
import { journalEvents } from './support/wire.js';
import { AppPage } from './pages/appPage.js';

test('a server whose serverInfo nests 6,000 deep is refused with why; its line is kept exact, and the bridge keeps serving', async ({
  page,
  lens,
}) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const deep = await app.connect('Handshake', { command: 'node', args: [fixture('deep.mjs')] });
  const conn = (await deep.getAttribute('data-conn')) ?? '';
  await expect(deep).toContainText('nests deeper than 512 levels');

  // The server's own line stays in the journal byte for byte.
  await expect
    .poll(() => journalEvents(lens.home).some((e) => e.kind === 'line' && e.conn === conn && String(e.text).includes('"serverInfo"')), {
      timeout: 30_000,
    })
    .toBe(true);
  const line = journalEvents(lens.home).find((e) => e.kind === 'line' && e.conn === conn && String(e.text).includes('"serverInfo"'));
  expect(String(line?.text)).toContain('{"d":'.repeat(6000));

  // The bridge still answers, and another server connects and works beside it.
  expect((await page.request.get(`${new URL(lens.url).origin}/api/health`)).status()).toBe(200);
  const demo = await app.connect('Stateless', { command: 'node', args: [path.join(root, 'dist', 'node', 'demo', 'server.js')] });
  await expect(demo.getByTestId('flow-pill')).toHaveText(/stateless/);
  await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
});
