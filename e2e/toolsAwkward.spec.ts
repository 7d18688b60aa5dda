import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { replaceEditorText } from './support/editor.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

test.beforeEach(async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('awkward-tools.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
  await new ToolsPage(page).open();
});

test('a tool named with a space, < and : opens in the JSON editor and is called; a result nested 6,000 deep is refused with why', async ({
  page,
}) => {
  const tools = new ToolsPage(page);
  await tools.pick('my tool<x>:y');
  await tools.mode('JSON');
  const editor = tools.runner.getByTestId('json-editor');
  await replaceEditorText(page, editor, '{"n": 7}');
  await tools.send();
  await expect(tools.result.getByTestId('block-text')).toContainText('n is 7');

  await tools.pick('deep');
  await tools.send();
  await expect(tools.result.getByTestId('invalid-response')).toContainText('nests deeper than 512 levels');
  await tools.pick('my tool<x>:y');
  await expect(tools.runner).toBeVisible();
});

test('a call outlives a switch of panels with its progress and Cancel; a server that exits mid-call leaves the panel saying so', async ({
  page,
}) => {
  const tools = new ToolsPage(page);
  await tools.pick('slow');
  await tools.field('tool-slow_steps').fill('16');
  await tools.send();
  await expect(tools.runner.getByTestId('progress')).toContainText('/ 16');

  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(tools.runner).toBeHidden();
  await page.getByRole('tab', { name: 'Tools' }).click();
  // Back mid-call: still running, Cancel offered, Send held back, progress still moving.
  await expect(tools.runner.getByTestId('cancel')).toBeVisible();
  await expect(tools.runner.getByTestId('send')).toBeDisabled();
  await expect(tools.runner.getByTestId('progress')).toContainText('/ 16');
  await expect(tools.result.getByTestId('block-text')).toContainText('done after 16 steps', { timeout: 60_000 });
  await expect(tools.runner.getByTestId('send')).toBeEnabled();

  await tools.pick('exit');
  await tools.send();
  await expect(page.getByTestId('panel-ended')).toContainText('exited (code 3)');
  await expect(tools.result.getByTestId('closed-outcome')).toContainText('before answering');
  await expect(tools.runner.getByTestId('send')).toBeDisabled();
});
