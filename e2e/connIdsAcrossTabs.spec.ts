/**
 * Two tabs on one bridge write one journal: the connection a second tab opens is numbered on
 * from the first tab's, never a second `c1`.
 */
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { atEachViewport } from './support/viewports.js';

atEachViewport(({ width, height }) => {
  test('a second tab’s connection id goes on from the first tab’s', async ({ browser, lens }) => {
    const first = await browser.newPage({ viewport: { width, height } });
    const one = new AppPage(first);
    await one.open(lens.url);
    const a = await one.connect('Handshake');
    await expect(a.getByTestId('flow-pill')).toBeVisible();
    const aId = (await a.getAttribute('data-conn')) ?? '';
    expect(aId).toMatch(/^c1-/);

    const second = await browser.newPage({ viewport: { width, height } });
    const two = new AppPage(second);
    await two.open(lens.url);
    // The second tab has read the first one's connection from the journal.
    await expect(two.card(aId)).toBeVisible();
    const b = await two.connect('Handshake');
    await expect(b.getByTestId('flow-pill')).toBeVisible();
    const bId = (await b.getAttribute('data-conn')) ?? '';
    expect(bId).toMatch(/^c2-/);
    await first.close();
    await second.close();
  });
});
