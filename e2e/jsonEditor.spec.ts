/**
 * Monaco, the largest part of the app, is not loaded for a page that only watches: it loads in
 * the background once arguments are about to be edited, so the JSON tab then opens at once; and
 * only its JSON language and workers are ever fetched.
 */
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

const isEditorChunk = (path: string): boolean => /\/assets\/MonacoJsonEditor-[\w-]+\.js$/.test(path);

test('the JSON editor is fetched once a tool is picked, not before, and opens ready to type in', async ({ page, lens, pageErrors }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  const app = new AppPage(page);
  await app.open(lens.url);
  await expect((await app.connect('Stateless')).getByTestId('flow-pill')).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  // The first screen, a connection and the tool list: no editor yet.
  expect(fetched.filter(isEditorChunk)).toEqual([]);

  // Picking a tool shows its arguments: the editor chunk is asked for on its own, no click on JSON yet.
  const editorChunk = page.waitForResponse((response) => isEditorChunk(new URL(response.url()).pathname));
  await tools.pick('Add');
  expect((await editorChunk).ok()).toBe(true);
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
