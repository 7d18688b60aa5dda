import { createRequire } from 'node:module';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { replaceEditorText } from './support/editor.js';
import { ToolsPage } from './pages/toolsPage.js';
import { sharedSession } from './support/shared.js';

type Params = { arguments: Record<string, unknown> };

test.describe('the demo server by hand, form, JSON editor and keyboard', () => {
  // The editor is the bundled Monaco: nothing may be fetched from anywhere but the bridge, in any test of the group.
  const offsite: string[] = [];
  const test = sharedSession(
    async (page, lens) => {
      page.on('request', (r) => {
        const url = r.url();
        if (!url.startsWith(lens.origin) && !url.startsWith('data:') && !url.startsWith('blob:')) offsite.push(url);
      });
      const app = new AppPage(page);
      await app.open(lens.url);
      await expect((await app.connect('Handshake')).getByTestId('flow-pill')).toBeVisible();
    },
    (page) => new ToolsPage(page).open(),
  );
  test.afterEach(() => expect(offsite).toEqual([]));

  test('form and JSON editor stay in step, and the wire holds exactly what was typed', async ({ page }) => {
    const tools = new ToolsPage(page);
    await tools.pick('Add');
    await tools.field('tool-add_a').fill('1');

    await tools.mode('JSON');
    const editor = tools.runner.getByTestId('json-editor');
    await expect(editor.locator('.view-lines')).toContainText('"a": 1');
    await replaceEditorText(page, editor, '{"a": 2.5, "b": -3}');
    await expect(tools.runner.getByText('Checked against the tool')).toBeVisible();

    await tools.mode('Form');
    await expect(tools.field('tool-add_a')).toHaveValue('2.5');
    await expect(tools.field('tool-add_b')).toHaveValue('-3');
    await tools.field('tool-add_b').fill('4');

    await tools.mode('JSON');
    await expect(editor.locator('.view-lines')).toContainText('"b": 4');
    await tools.send();
    await expect(tools.result.getByTestId('block-text').first()).toContainText('2.5 + 4 = 6.5');
    expect(((await tools.wireRequest()) as { params: Params }).params.arguments).toEqual({ a: 2.5, b: 4 });
  });

  test('the JSON editor flags what breaks the schema', async ({ page }) => {
    const tools = new ToolsPage(page);
    await tools.pick('Echo');
    await tools.mode('JSON');
    const editor = tools.runner.getByTestId('json-editor');
    await replaceEditorText(page, editor, '{"message": 42}');
    // Monaco marks the schema error with a squiggle in the editor.
    await expect(editor.locator('.squiggly-error, .squiggly-warning').first()).toBeVisible({ timeout: 30_000 });
  });

  test('the panels work from the keyboard alone: Tab to a field, Enter sends, Escape closes', async ({ page }) => {
    // From the Timeline tab: the Tools tab is reached and opened by the keyboard too.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByRole('tab', { name: 'Tools' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('tool-item').first()).toBeVisible();
    const tabTo = async (predicate: () => Promise<boolean>, limit = 40): Promise<void> => {
      for (let i = 0; i < limit; i++) {
        if (await predicate()) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('never reached by Tab');
    };
    await tabTo(async () => (await page.evaluate(() => document.activeElement?.textContent ?? '')).startsWith('Confirm action'));
    await page.keyboard.press('Enter');
    await tabTo(async () => (await page.evaluate(() => document.activeElement?.id)) === 'tool-confirm_action_action');
    await page.keyboard.type('ship it');
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('question');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('result').getByTestId('block-text').first()).toContainText('Cancelled: ship it');
  });
});

test('server-everything (handshake flow): list and call its echo tool', async ({ page, lens }) => {
  const server = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [server, 'stdio'] });
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake · 2025-11-25/);
  const tools = new ToolsPage(page);
  await tools.open();
  await page.getByLabel('Search tools').fill('echo');
  await page
    .getByTestId('tool-item')
    .filter({ hasText: /^Echo Tool/ })
    .click();
  await tools.field('tool-echo_message').fill('hello everything');
  await tools.send();
  await expect(tools.result.getByTestId('block-text').first()).toContainText('Echo: hello everything');
});

test('local $refs become form fields; a network $ref is never fetched and the tool stays usable', async ({ page, lens }) => {
  const { fixture } = await import('./support/lens.js');
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('never-fetched')) fetched.push(r.url());
  });
  const app = new AppPage(page);
  await app.open(lens.url);
  await expect((await app.connect('Handshake', { command: 'node', args: [fixture('refs.mjs')] })).getByTestId('flow-pill')).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('with_local_ref');
  await tools.field('tool-with_local_ref_home_street').fill('1 Main St');
  await tools.send();
  await expect(tools.result.getByTestId('block-text').first()).toContainText('{"home":{"street":"1 Main St"}}');

  await tools.pick('with_remote_ref');
  // The form library cannot resolve a network $ref: the panel says so and the call still goes.
  await expect(tools.runner.getByTestId('form-failed')).toContainText('cannot be shown as a form');
  await tools.send();
  await expect(tools.result.getByTestId('block-text').first()).toContainText('{}');
  expect(fetched).toEqual([]);
});
