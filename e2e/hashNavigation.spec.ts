/**
 * Another page can navigate a tab that holds the token to an address of the bridge's origin:
 * `#connect=auto` must start nothing (only a printed address, which carries the token, is acted
 * on), and `#token=junk` must not wipe the token the tab holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures.js';
import { startLens, type Lens } from './support/lens.js';
import { AppPage } from './pages/appPage.js';

/** How many servers the bridge has started, from its journal. */
function spawns(lens: Lens): number {
  const dir = path.join(lens.home, 'journal');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
    .filter((line) => line.includes('"kind":"spawn"')).length;
}

test('#connect in an address without the token starts nothing; the printed address still connects', async ({ page, pageErrors }) => {
  const lens = await startLens({ bridgeArgs: ['--flow', 'handshake'] });
  try {
    const printed = /(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(lens.output())?.[1] ?? '';
    expect(printed).toContain('&connect=handshake');
    const app = new AppPage(page);
    await app.open(printed);
    await expect(app.connections).toHaveCount(1);
    await expect(app.connections.first().getByTestId('flow-pill')).toHaveText(/handshake/);

    // Navigated by another page: a new load, and a fragment change followed by a reload.
    for (const go of [
      () => app.open(`${lens.origin}/?again#connect=auto`),
      async () => {
        await page.evaluate(() => (window.location.hash = '#connect=stateless'));
        await page.reload();
        await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
      },
      () => app.open(`${lens.origin}/?junk#token=junk&connect=auto`),
    ]) {
      await go();
      // The tab still holds its token, and the connection list is the journal's: one.
      await expect(app.connections).toHaveCount(1);
    }
    // A connection made by hand is the second server ever started: nothing else was.
    await app.connect('Handshake', undefined, { launchOnly: true });
    await expect(app.connections).toHaveCount(2);
    expect(spawns(lens)).toBe(2);
    // The junk token's refusal is the browser's log of a 401, and nothing else went wrong.
    expect(pageErrors.filter((e) => !e.includes('401'))).toEqual([]);
  } finally {
    await lens.stop();
  }
});

test('#token=junk arriving by navigation leaves the working token in place', async ({ page, lens, pageErrors }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  await app.open(`${lens.origin}/?x#token=junk`);
  // Working, on the token it had; and still so after a reload.
  await page.reload();
  await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
  expect(await page.evaluate(() => sessionStorage.getItem('mcp-lens.token'))).toBe(lens.token);
  // A fresh tab given only junk is refused, as before.
  const other = await page.context().newPage();
  await other.goto(`${lens.origin}/#token=junk`);
  await expect(other.getByTestId('socket-status')).toHaveText('not connected');
  await other.close();
  expect(pageErrors.filter((e) => !e.includes('401'))).toEqual([]);
});
