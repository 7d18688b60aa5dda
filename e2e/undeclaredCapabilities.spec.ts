/**
 * A server that declares tools and nothing else (as the filesystem server does): the Resources
 * and Prompts panels say so and never send the lists, and the card's log level is not offered,
 * rather than a red -32601 with a Retry that can only fail again.
 */
import { expect } from './support/fixtures.js';
import { test } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { fixture } from './support/lens.js';
import { journalEvents } from './support/wire.js';
import { AppPage, type FlowName } from './pages/appPage.js';

/** The methods the client wrote on stdin, in order. */
function sentMethods(home: string): string[] {
  return journalEvents(home)
    .filter((e) => e.kind === 'line' && e.stream === 'stdin' && typeof e.text === 'string')
    .map((e) => (JSON.parse(e.text as string) as { method?: string }).method ?? '');
}

atEachViewport(() => {
  for (const flow of ['Handshake', 'Stateless'] as FlowName[]) {
    test(`${flow}: panels say what the server does not offer, and never ask for it`, async ({ page, lens }) => {
      const app = new AppPage(page);
      await app.open(lens.url);
      const conn = await app.connect(flow, { args: [fixture('tools-and-roots.mjs')] });
      await expect(conn.getByTestId('flow-pill')).toBeVisible();

      await page.getByRole('tab', { name: 'Resources' }).click();
      await expect(page.getByTestId('not-offered')).toHaveText(
        'This server does not offer resources: it declares no resources capability, so resources/list is not sent.',
      );
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.getByRole('tab', { name: 'Prompts' }).click();
      await expect(page.getByTestId('not-offered')).toHaveText(
        'This server does not offer prompts: it declares no prompts capability, so prompts/list is not sent.',
      );
      await expect(conn.getByTestId('log-level-status')).toHaveText('This server does not offer logging (no logging capability).');
      await expect(conn.getByLabel('Server log level')).toBeDisabled();

      // What it does offer still works, and went out after the panels were shown.
      await page.getByRole('tab', { name: 'Tools' }).click();
      await expect(page.getByTestId('tool-item')).toHaveText(/show_roots/);
      const sent = sentMethods(lens.home);
      expect(sent).toContain('tools/list');
      expect(sent.filter((m) => /^(resources|prompts|logging|completion)\//.test(m))).toEqual([]);
    });
  }
});
