import { createRequire } from 'node:module';
import { test, expect } from './support/fixtures.js';
import { AppPage, type FlowName } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { sharedSession } from './support/shared.js';

for (const flow of ['Handshake', 'Stateless'] as FlowName[]) {
  test.describe(`resources and prompts in the ${flow.toLowerCase()} flow`, () => {
    const test = sharedSession(async (page, lens) => {
      const app = new AppPage(page);
      await app.open(lens.url);
      await expect((await app.connect(flow)).getByTestId('flow-pill')).toBeVisible();
    });

    test('read info://server-info', async ({ page }) => {
      await page.getByRole('tab', { name: 'Resources' }).click();
      await page.getByTestId('resource-item').filter({ hasText: 'info://server-info' }).click();
      await page.getByTestId('resource-detail').getByTestId('read').click();
      const contents = page.getByTestId('contents');
      await expect(contents).toContainText('"name": "mcp-lens-demo"');
      await expect(contents).toContainText(`"flow": "${flow.toLowerCase()}"`);
    });

    test('build a URI from the greeting template, with completion, and read it', async ({ page }) => {
      await page.getByRole('tab', { name: 'Resources' }).click();
      await page.getByTestId('template-item').filter({ hasText: 'greeting://{name}' }).click();
      const detail = page.getByTestId('template-detail');
      const input = detail.getByTestId('arg-input');
      await input.fill('A');
      await expect(detail.getByTestId('suggestion').filter({ hasText: 'Ada' })).toBeVisible();
      await detail.getByTestId('suggestion').filter({ hasText: 'Ada' }).click();
      await expect(detail.getByTestId('built-uri')).toHaveText('greeting://Ada');
      await input.press('Enter');
      await expect(page.getByTestId('contents')).toContainText('Hello, Ada!');
    });

    test('get the summarize prompt, rendered as a conversation', async ({ page }) => {
      await page.getByRole('tab', { name: 'Prompts' }).click();
      await page.getByTestId('prompt-item').filter({ hasText: 'summarize' }).click();
      const runner = page.getByTestId('prompt-runner');
      const text = runner.locator('[data-name="text"]').getByTestId('arg-input');
      await text.fill('MCP connects models to tools.');
      await text.press('Enter');
      const message = page.getByTestId('conversation').getByTestId('message');
      await expect(message).toHaveCount(1);
      await expect(message).toHaveAttribute('data-role', 'user');
      await expect(message).toContainText('MCP connects models to tools.');
      await expect(message).toContainText('50 words');
    });

    test('a resource_link in a tool result is one click from being read', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.open();
      await tools.pick('Media');
      await tools.send();
      await tools.result
        .getByTestId('block-resource-link')
        .getByRole('button', { name: /^Read info:\/\/server-info/ })
        .click();
      await expect(page.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('contents')).toContainText('"name": "mcp-lens-demo"');
    });
  });
}

test('server-everything (handshake flow): read one of its resources', async ({ page, lens }) => {
  const server = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const app = new AppPage(page);
  await app.open(lens.url);
  await expect((await app.connect('Handshake', { command: 'node', args: [server, 'stdio'] })).getByTestId('flow-pill')).toBeVisible();
  await page.getByRole('tab', { name: 'Resources' }).click();
  const first = page.getByTestId('resource-item').first();
  await expect(first).toBeVisible();
  await first.click();
  await page.getByTestId('resource-detail').getByTestId('read').click();
  await expect(page.getByTestId('contents')).not.toBeEmpty();
  await expect(page.getByTestId('result')).toHaveAttribute('data-kind', 'result');
});
