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

    // The log detail of the answer says why it is invalid and which request it answers.
    const app = new AppPage(page);
    await page.getByRole('tab', { name: 'Log' }).click();
    const row = app.rows.filter({ has: app.badge(`invalid: ${WHY}`) });
    await expect(row).toHaveCount(1);
    const detail = await app.selectRow(row);
    await expect(detail.getByTestId('detail-wire')).toContainText(WHY);
    await expect(detail.getByTestId('detail-wire')).toContainText(/answers tools\/call #\d+/);
    // And the request's detail says it was answered, invalidly.
    const request = await app.selectRow(app.rows.filter({ has: app.badge(/^tools\/call #/) }));
    await expect(request.getByTestId('detail-wire')).toContainText('answered with an invalid response');
    await expect(app.badge('notifications/cancelled')).toHaveCount(0);
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
