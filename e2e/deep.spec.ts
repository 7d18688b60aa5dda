import { test, expect } from './support/fixtures.js';
import path from 'node:path';
import { fixture, root } from './support/lens.js';
import { journalEvents } from './support/wire.js';
import { AppPage } from './pages/appPage.js';
import { CLIPPED } from '../protocol/jsonDepth.js';

test('a server whose serverInfo nests 6,000 deep connects; the bridge records a clipped echo and keeps serving', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const deep = await app.connect('Handshake', { command: 'node', args: [fixture('deep.mjs')] });
  await expect(deep.getByTestId('flow-pill')).toHaveText(/handshake/);
  const conn = (await deep.getAttribute('data-conn')) ?? '';

  // The app's note of the opening echoes the answer, clipped; the server's own line stays exact.
  await expect
    .poll(() => journalEvents(lens.home).find((e) => e.kind === 'note' && e.topic === 'connect.done' && e.conn === conn), {
      timeout: 30_000,
    })
    .toBeTruthy();
  const events = journalEvents(lens.home);
  const done = events.find((e) => e.kind === 'note' && e.topic === 'connect.done' && e.conn === conn);
  expect(JSON.stringify(done)).toContain(CLIPPED);
  const line = events.find((e) => e.kind === 'line' && e.conn === conn && String(e.text).includes('"serverInfo"'));
  expect(String(line?.text)).toContain('{"d":'.repeat(6000));

  // The bridge still answers, and another server connects and works beside it.
  expect((await page.request.get(`${new URL(lens.url).origin}/api/health`)).status()).toBe(200);
  const demo = await app.connect('Stateless', { command: 'node', args: [path.join(root, 'dist', 'node', 'demo', 'server.js')] });
  await expect(demo.getByTestId('flow-pill')).toHaveText(/stateless/);
  await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
});
