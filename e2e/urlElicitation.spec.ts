// The app's question dialog and a URL-mode elicitation: answered with the action only when the
// client declared capabilities.elicitation.url, refused with -32602 when it did not.
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

/** The fixture answers sign_in with what the client said to its elicitation, as JSON text. */
async function signIn(page: Page, declareUrl: boolean) {
  const app = new AppPage(page);
  await page.getByRole('checkbox', { name: 'elicitation (url)' }).setChecked(declareUrl);
  const conn = await app.connect('Handshake', { args: [fixture('url-elicitation.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('sign_in');
  await tools.send();
  const dialog = page.getByTestId('question');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('https://example.com/sign-in');
  return { dialog, tools };
}

test.describe('URL-mode elicitation in the question dialog', () => {
  test.beforeEach(async ({ page, lens }) => {
    await new AppPage(page).open(lens.url);
  });

  test('declared: Accept answers with the action only, no content', async ({ page }) => {
    const { dialog, tools } = await signIn(page, true);
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    await expect(tools.result.getByTestId('block-text').first()).toContainText('{"answer":{"action":"accept"},"error":null}');
  });

  test('not declared: the dialog says so and its only answer is -32602', async ({ page }) => {
    const { dialog, tools } = await signIn(page, false);
    await expect(dialog.getByRole('alert')).toContainText('did not declare');
    await expect(dialog.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Refuse (-32602)' }).click();
    await expect(dialog).toBeHidden();
    await expect(tools.result.getByTestId('block-text').first()).toContainText(
      '{"answer":null,"error":{"code":-32602,"message":"URL-mode elicitation, which this client did not declare (capabilities.elicitation.url)"}}',
    );
  });
});
