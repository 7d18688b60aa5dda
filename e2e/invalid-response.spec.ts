import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

const WHY = 'a response cannot carry both result and error';

test.describe('a response with both result and error', () => {
  test.beforeEach(async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake', { args: [fixture('result-and-error.mjs')] });
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
  });

  test('a tool call shows what came and why it is invalid, never a timeout', async ({ page }) => {
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('ambiguous');
    await tools.send();
    await expect(tools.result).toHaveAttribute('data-kind', 'invalid');
    const invalid = tools.result.getByTestId('invalid-response');
    await expect(invalid).toContainText(WHY);
    await expect(invalid).toContainText('it went both ways');
    await expect(invalid).toContainText('a result as well');
    await expect(tools.result).not.toContainText('timed out');

    // In the timeline the call is answered invalidly (not timed out, not cancelled), and its
    // detail says why and shows both lines: the request and that answer, no cancel after it.
    const app = new AppPage(page);
    await app.showTimeline();
    const row = app.row('tools/call');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-status', 'invalid');
    const detail = await app.selectRow(row);
    await expect(detail.getByTestId('detail-status')).toContainText('answered with an invalid response');
    await expect(detail.getByTestId('detail-kind')).toHaveText(['request tools/call', `invalid: ${WHY}`]);
  });

  test('resources/read and prompts/get show it the same way', async ({ page }) => {
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page.getByTestId('resource-item').filter({ hasText: 'memo://ambiguous' }).click();
    await page.getByTestId('resource-detail').getByTestId('read').click();
    const result = page.getByTestId('result');
    await expect(result).toHaveAttribute('data-kind', 'invalid');
    await expect(result.getByTestId('invalid-response')).toContainText(WHY);

    await page.getByRole('tab', { name: 'Prompts' }).click();
    await page.getByTestId('prompt-item').filter({ hasText: 'ambiguous' }).click();
    await page.getByTestId('prompt-runner').getByTestId('get').click();
    await expect(result).toHaveAttribute('data-kind', 'invalid');
    await expect(result.getByTestId('invalid-response')).toContainText('it went both ways');
  });
});
