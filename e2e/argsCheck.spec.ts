/**
 * Arguments that break the tool's inputSchema are not sent without a word: the fields say what
 * is wrong, a summary lists it, and "Send anyway" still lets a server be tested with bad input.
 */
import { expect } from './support/fixtures.js';
import { sharedSession } from './support/shared.js';
import { AppPage } from './pages/appPage.js';
import { replaceEditorText } from './support/editor.js';
import { ToolsPage } from './pages/toolsPage.js';

type Params = { arguments: Record<string, unknown> };

const test = sharedSession(
  async (page, lens) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await expect((await app.connect('Stateless')).getByTestId('flow-pill')).toBeVisible();
  },
  (page) => new ToolsPage(page).open(),
);

test('the form holds back an invalid email and a number above its maximum, and sends them anyway on request', async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.pick('Create order');
  await tools.field('tool-create_order_customer_name').fill('Ada');
  await tools.field('tool-create_order_customer_email').fill('not-an-email');
  await tools.field('tool-create_order_items_0_sku').fill('LENS-01');
  await tools.field('tool-create_order_items_0_quantity').fill('150');
  await tools.field('tool-create_order_priority').selectOption('normal');
  await tools.field('tool-create_order_delivery_store').fill('Main St');
  await tools.send();

  const summary = tools.runner.getByTestId('args-problems');
  await expect(summary).toContainText('Not sent');
  await expect(summary).toContainText('/customer/email must match format "email"');
  await expect(summary).toContainText('/items/0/quantity must be <= 99');
  // Each problem also shows at its field.
  await expect(tools.runner.locator('#tool-create_order_customer_email__error')).toContainText('email');
  await expect(tools.runner.locator('#tool-create_order_items_0_quantity__error')).toContainText('99');
  await expect(tools.result).toBeHidden();
  await expect(tools.runner.getByTestId('cancel')).toBeHidden();

  // Fixing a field takes its problem off the list as the user types.
  await tools.field('tool-create_order_customer_email').fill('ada@example.com');
  await expect(summary).not.toContainText('email');
  await expect(summary).toContainText('/items/0/quantity must be <= 99');

  await summary.getByRole('button', { name: 'Send anyway' }).click();
  await expect(tools.result).toHaveAttribute('data-kind', 'tool-error');
  expect(((await tools.wireRequest()) as { params: Params }).params.arguments).toMatchObject({
    items: [{ sku: 'LENS-01', quantity: 150 }],
  });
  await expect(summary).toContainText('Sent anyway');
});

test('Enter in the form is held back the same way', async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.pick('Slow');
  await tools.field('tool-slow_steps').fill('500');
  await tools.field('tool-slow_steps').press('Enter');
  await expect(tools.runner.getByTestId('args-problems')).toContainText('/steps must be <= 50');
  await expect(tools.runner.getByTestId('cancel')).toBeHidden();
  await tools.field('tool-slow_steps').fill('1');
  await expect(tools.runner.getByTestId('args-problems')).toBeHidden();
  await tools.send();
  await expect(tools.result.getByTestId('block-text')).toContainText('Done after 1 steps');
});

test('the JSON editor holds back what breaks the schema, and sends it anyway on request', async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.pick('Add');
  await tools.mode('JSON');
  const editor = tools.runner.getByTestId('json-editor');
  await replaceEditorText(page, editor, '{"a": 1, "b": "two"}');
  await tools.send();
  const summary = tools.runner.getByTestId('args-problems');
  await expect(summary).toContainText('/b must be number');
  await expect(tools.result).toBeHidden();

  await summary.getByRole('button', { name: 'Send anyway' }).click();
  await expect(tools.result).toBeVisible();
  expect(((await tools.wireRequest()) as { params: Params }).params.arguments).toEqual({ a: 1, b: 'two' });

  // Text that does not parse is held back too: the last valid value is not sent in its place.
  await replaceEditorText(page, editor, '{"a": 1, "b": ');
  await tools.send();
  await expect(summary).toContainText('not valid JSON');
});
