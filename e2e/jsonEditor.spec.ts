/**
 * Monaco, the largest part of the app, loads in the background once the first screen is up,
 * so the JSON tab opens at once; and only its JSON language and workers are ever fetched.
 */
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

test('the JSON editor is fetched while the app is idle, and opens ready to type in', async ({ page, lens, pageErrors }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  // No click yet: the editor chunk is asked for on its own once the app has painted.
  const editorChunk = page.waitForResponse((response) => /\/assets\/MonacoJsonEditor-[\w-]+\.js$/.test(new URL(response.url()).pathname));
  const app = new AppPage(page);
  await app.open(lens.url);
  expect((await editorChunk).ok()).toBe(true);
  await expect(page.getByText('Loading the editor…')).toHaveCount(0);

  await expect((await app.connect('Stateless')).getByTestId('flow-pill')).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('Add');
  await tools.mode('JSON');
  const editor = tools.runner.getByTestId('json-editor');
  await editor.locator('.view-lines').click();
  await expect(editor.locator('.monaco-editor.focused')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('{"a": 40, "b": 2}');
  await tools.mode('Form');
  await expect(tools.field('tool-add_a')).toHaveValue('40');

  const unwanted = fetched.filter((p) => /\/(ts|css|html)(\.worker|Mode)-/.test(p));
  expect(unwanted).toEqual([]);
  expect(fetched.some((p) => /\/json\.worker-/.test(p))).toBe(true);
  // The editor warmed up out of sight left nothing behind in the console.
  expect(pageErrors).toEqual([]);
});
