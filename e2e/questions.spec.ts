import { createRequire } from 'node:module';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

test('sampling/createMessage from server-everything, answered by hand', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  await page.getByRole('checkbox', { name: 'sampling' }).check();
  const conn = await app.connect('Handshake', { command: 'node', args: [everything, 'stdio'] });
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('trigger-sampling-request');
  await tools.field('tool-trigger-sampling-request_prompt').fill('Say hi');
  await tools.send();
  const dialog = page.getByTestId('question');
  await expect(dialog).toContainText('sampling/createMessage');
  await expect(dialog).toContainText('Say hi');
  await dialog.getByLabel('Reply').fill('hi from a human');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog).toBeHidden();
  await expect(tools.result).toContainText('hi from a human');
});

test('a result of several megabytes renders clipped, with the rest one click away, and the page stays responsive', async ({
  page,
  lens,
}) => {
  const { fixture } = await import('./support/lens.js');
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('big-result.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('big');
  await tools.send();
  const showAll = tools.result.getByRole('button', { name: /^Show all/ });
  await expect(showAll).toBeVisible({ timeout: 30_000 });
  // Still responsive: switching tabs and back is immediate.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await page.getByRole('tab', { name: 'Tools' }).click();
  // The selected tool and its last result survive the switch.
  await expect(tools.runner).toBeVisible();
  await expect(showAll).toBeVisible();
  await showAll.click();
  await expect(tools.result.getByTestId('block-text')).toContainText('END');
});

test('tools come page by page, and a list_changed marks the list stale with a one-click refresh', async ({ page, lens }) => {
  const { fixture } = await import('./support/lens.js');
  const app = new AppPage(page);
  await app.open(lens.url);
  await expect(
    (await app.connect('Handshake', { command: 'node', args: [fixture('paged-changing.mjs')] })).getByTestId('flow-pill'),
  ).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  const items = page.getByTestId('tool-item');
  await expect(items).toHaveCount(2);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(4);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await tools.pick('grow');
  await tools.send();
  await expect(tools.result.getByTestId('block-text').first()).toContainText('grew');
  const stale = page.getByTestId('stale');
  await expect(stale).toContainText('The server says its tools changed');
  await stale.getByRole('button', { name: 'Refresh' }).click();
  await expect(stale).toHaveCount(0);
  // Refresh walks the pages already loaded again, cursor by cursor, and the new tool is there.
  await expect(items).toHaveCount(6);
  await expect(items.filter({ hasText: 'grown5' })).toHaveCount(1);
});

test('a result that breaks its outputSchema and carries a malformed block says so', async ({ page, lens }) => {
  const { fixture } = await import('./support/lens.js');
  const app = new AppPage(page);
  await app.open(lens.url);
  await expect(
    (await app.connect('Handshake', { command: 'node', args: [fixture('rule-breaker.mjs')] })).getByTestId('flow-pill'),
  ).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('shaped');
  await tools.send();
  await expect(tools.result.getByTestId('verdict')).toHaveText('✕ does not match outputSchema');
  await expect(tools.result.getByTestId('structured')).toContainText('/n');
  await expect(tools.result).toContainText('Malformed content block: unknown content type "picture"');
});
