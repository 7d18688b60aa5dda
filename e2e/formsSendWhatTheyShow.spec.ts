/**
 * A form sends what it shows: a schema's defaults are filled in when the form opens, a select
 * shows a choice only when that choice is in the data, and Accept relays exactly that. Judged on
 * the line the bridge wrote to the server, not only on the fields.
 */
import { createRequire } from 'node:module';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { fixture } from './support/lens.js';
import { journalEvents } from './support/wire.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** The params of the last line the bridge wrote to a connection's stdin that matches. */
function sentToServer(home: string, conn: string, match: (message: Record<string, unknown>) => boolean): unknown {
  const lines = journalEvents(home)
    .filter((e) => e.kind === 'line' && e.conn === conn && e.stream === 'stdin')
    .map((e) => JSON.parse(String(e.text)) as Record<string, unknown>)
    .filter(match);
  return lines.at(-1);
}

atEachViewport(() => {
  test("server-everything's elicitation: the defaults show and are sent, and so is the select's shown choice", async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const card = await app.connect('Handshake', { command: 'node', args: [everything, 'stdio'] });
    await expect(card.getByTestId('flow-pill')).toBeVisible();
    const conn = (await card.getAttribute('data-conn')) ?? '';
    const tools = new ToolsPage(page);
    await tools.open();
    await page.getByLabel('Search tools').fill('trigger-elicitation-request');
    await tools.pick('Trigger Elicitation Request Tool');
    await tools.send();

    const dialog = page.getByTestId('question');
    await expect(dialog).toContainText('elicitation/create');
    const field = (name: string) => dialog.locator(`[id$="_${name}"]`).first();
    await expect(field('firstLine')).toHaveValue('It was a dark and stormy night.');
    await expect(field('integer')).toHaveValue('42');
    await expect(field('number')).toHaveValue('3.14');
    await expect(field('untitledSingleSelectEnum').locator('option:checked')).toHaveText('Monica');
    // Multi-selects are choices to tick, the defaults ticked; titled choices show their titles.
    await expect(dialog.getByRole('checkbox', { name: 'Guitar' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Piano' })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Tuna' })).toBeChecked();
    await expect(field('titledSingleSelectEnum').locator('option:checked')).toHaveText('Superman');
    await expect(field('legacyTitledEnum').locator('option:checked')).toHaveText('Cats');
    // A boolean with no default is neither ticked nor unticked: nothing is sent for it.
    await expect(dialog.getByRole('checkbox', { name: 'Boolean' })).toBeChecked({ indeterminate: true });
    await field('name').fill('Ada');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    await expect(tools.result).toContainText('User provided the requested information');

    const answer = sentToServer(lens.home, conn, (m) => 'result' in m && JSON.stringify(m.result).includes('"action":"accept"')) as {
      result: { content: Record<string, unknown> };
    };
    expect(answer.result.content).toEqual({
      name: 'Ada',
      firstLine: 'It was a dark and stormy night.',
      integer: 42,
      number: 3.14,
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    });
  });

  test('a tool form opens with its defaults, and a select with no default shows nothing it would not send', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const card = await app.connect('Handshake', { command: 'node', args: [fixture('defaults.mjs')] });
    await expect(card.getByTestId('flow-pill')).toBeVisible();
    const conn = (await card.getAttribute('data-conn')) ?? '';
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('order');
    await expect(tools.field('tool-order_size')).toHaveValue(/medium|^1$/);
    await expect(tools.field('tool-order_count')).toHaveValue('2');
    await expect(tools.field('tool-order_note')).toHaveValue('no onions');
    // No default: the select says so rather than showing a first choice it would not send.
    await expect(tools.field('tool-order_side').locator('option:checked')).toHaveText('');
    await tools.send();
    await expect(tools.result.getByTestId('block-text').first()).toContainText('"size":"medium"');
    const call = sentToServer(lens.home, conn, (m) => m.method === 'tools/call') as { params: { arguments: unknown } };
    expect(call.params.arguments).toEqual({ size: 'medium', count: 2, note: 'no onions' });
  });
});
