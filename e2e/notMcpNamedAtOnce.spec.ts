/**
 * A program that is no MCP server prints plain text on stdout and never answers. The connection
 * names it as such at that first line, while it is still opening, not at the connect time-out.
 */
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { fixture } from './support/lens.js';
import { atEachViewport } from './support/viewports.js';

atEachViewport(() => {
  test('a process printing plain text on stdout is named as no MCP server while it is still opening', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const card = await app.connect('Handshake', { command: 'node', args: [fixture('plain-text.mjs')] });
    const steps = card.getByRole('list', { name: 'Connection steps' });
    await expect(steps).toContainText('may not be an MCP server');
    await expect(steps).toContainText('"Usage: plain-text [--port N]  (this is not an MCP server)"');
    // Said while the opening still waits: not the time-out's failure.
    await expect(card).not.toContainText('no answer to initialize');
  });
});
