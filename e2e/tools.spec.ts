import { test, expect } from './support/fixtures.js';
import { AppPage, type FlowName } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { sharedSession } from './support/shared.js';

type Params = { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> };

for (const flow of ['Handshake', 'Stateless'] as FlowName[]) {
  test.describe(`tools in the ${flow.toLowerCase()} flow`, () => {
    const test = sharedSession(
      async (page, lens) => {
        const app = new AppPage(page);
        await app.open(lens.url);
        const conn = await app.connect(flow);
        await expect(conn.getByTestId('flow-pill')).toBeVisible();
      },
      (page) => new ToolsPage(page).open(),
    );

    test('echo and add from the generated form, with the right JSON types on the wire', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Echo');
      await tools.field('tool-echo_message').fill('42');
      await tools.send();
      await expect(tools.result.getByTestId('block-text')).toContainText('Echo: 42');
      const echo = (await tools.wireRequest()) as { params: Params };
      expect(echo.params.arguments).toEqual({ message: '42' });
      // The envelope rides on every stateless request; the handshake flow carries only a progress token.
      expect(echo.params._meta?.['io.modelcontextprotocol/protocolVersion'] !== undefined).toBe(flow === 'Stateless');
      expect(echo.params._meta?.progressToken).toBeDefined();

      await tools.pick('Add');
      await tools.field('tool-add_a').fill('42');
      await tools.field('tool-add_b').fill('58');
      await tools.field('tool-add_b').press('Enter');
      await expect(tools.result.getByTestId('block-text').first()).toContainText('42 + 58 = 100');
      expect(((await tools.wireRequest()) as { params: Params }).params.arguments).toEqual({ a: 42, b: 58 });
    });

    test('create_order: nested objects, array items added in the form, oneOf, and the structuredContent verdict', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Create order');
      await tools.field('tool-create_order_customer_name').fill('Ada');
      await tools.field('tool-create_order_items_0_sku').fill('LENS-01');
      await tools.field('tool-create_order_items_0_quantity').fill('2');
      await tools.runner.getByTestId('form-add').first().click();
      await tools.field('tool-create_order_items_1_sku').fill('CAP-02');
      await tools.field('tool-create_order_items_1_quantity').fill('1');
      await tools.field('tool-create_order_priority').selectOption('high');
      await tools.field('tool-create_order_gift').check();
      await tools.field('tool-create_order_delivery_store').fill('Main St');
      await tools.send();
      await expect(tools.result.getByTestId('verdict')).toHaveText('✓ matches outputSchema');
      const sent = ((await tools.wireRequest()) as { params: Params }).params.arguments;
      // Exactly what was typed: the optional email, discount and note stay out.
      expect(sent).toEqual({
        customer: { name: 'Ada' },
        items: [
          { sku: 'LENS-01', quantity: 2 },
          { sku: 'CAP-02', quantity: 1 },
        ],
        priority: 'high',
        gift: true,
        delivery: { type: 'pickup', store: 'Main St' },
      });
    });

    test('media: an image, playable audio and a resource link', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Media');
      await tools.send();
      const image = tools.result.getByTestId('block-image').locator('img');
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const audio = tools.result.getByTestId('block-audio').locator('audio');
      await expect(audio).toHaveAttribute('controls', '');
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);
      expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(0.2);
      await expect(tools.result.getByTestId('block-resource-link')).toContainText('info://server-info');
    });

    test('isError (the tool failed) next to a JSON-RPC error (the request was wrong, sent raw)', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Fail');
      await tools.send();
      await expect(tools.result).toHaveAttribute('data-kind', 'tool-error');
      await expect(tools.result.getByTestId('tool-error')).toContainText('The tool ran and reported an error (isError: true)');

      await tools.mode('Raw line');
      const raw = tools.runner.getByTestId('raw-line');
      const line = JSON.parse(await raw.inputValue()) as { params: Params };
      line.params.name = 'no_such_tool';
      await raw.fill(JSON.stringify(line));
      await tools.send();
      await expect(tools.result).toHaveAttribute('data-kind', 'error');
      await expect(tools.result.getByTestId('jsonrpc-error')).toContainText('JSON-RPC error: the request itself was refused');
      await expect(tools.result.getByTestId('jsonrpc-error')).toContainText('-32602');
    });

    test('a raw line that is not JSON goes out exactly as typed', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Echo');
      await tools.mode('Raw line');
      await tools.runner.getByTestId('raw-line').fill('{"jsonrpc":"2.0","id":"x1","method":"tools/call", oops');
      await tools.send();
      await expect(tools.runner.getByTestId('raw-sent')).toContainText('Sent exactly as typed');
      // The session is shared with the group's other tests: show only lines like this one.
      await new AppPage(page).showOnly('kind:invalid;dir:out');
      const row = page.getByTestId('timeline-row').filter({ hasText: '"tools/call", oops' });
      await expect(row).toHaveCount(1);
      await expect(row).toHaveAttribute('data-kind', 'invalid');
      await expect(row).toHaveAttribute('data-direction', 'out');
    });

    test('confirm_action: the server asks, the user answers in a dialog', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Confirm action');
      await tools.field('tool-confirm_action_action').fill('deploy');
      await tools.send();
      const dialog = page.getByTestId('question');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(flow === 'Stateless' ? 'input_required' : 'elicitation/create');
      await expect(dialog).toContainText('Confirm action: deploy?');
      await dialog.getByLabel('Confirm').check();
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await expect(dialog).toBeHidden();
      await expect(tools.result.getByTestId('block-text').first()).toContainText('Confirmed: deploy');
      if (flow === 'Stateless') {
        await tools.result.getByTestId('show-wire').click();
        await expect(tools.result.getByTestId('wire-round')).toHaveCount(2);
        const retry = JSON.parse((await tools.result.getByTestId('wire-request').nth(1).textContent()) ?? '{}') as {
          id: number;
          params: Record<string, unknown>;
        };
        const first = JSON.parse((await tools.result.getByTestId('wire-request').nth(0).textContent()) ?? '{}') as { id: number };
        expect(retry.id).not.toBe(first.id);
        expect(retry.params.inputResponses).toEqual({ confirm: { action: 'accept', content: { confirm: true } } });
        expect(typeof retry.params.requestState).toBe('string');
      }
    });

    test('Escape closes the question as cancel', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Confirm action');
      await tools.field('tool-confirm_action_action').fill('drop tables');
      await tools.send();
      await expect(page.getByTestId('question')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('question')).toBeHidden();
      await expect(tools.result.getByTestId('block-text').first()).toContainText('Cancelled: drop tables');
    });

    test('slow: progress shows, and Cancel stops it mid-way', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Slow');
      // 50 steps of 1 s: Cancel always lands mid-way, however slow the machine.
      await tools.field('tool-slow_steps').fill('50');
      await tools.field('tool-slow_delayMs').fill('1000');
      await tools.send();
      await expect(tools.runner.getByTestId('progress')).toContainText('/ 50');
      await tools.runner.getByTestId('cancel').click();
      await expect(tools.result).toHaveAttribute('data-kind', 'cancelled');
      // The call's row in the timeline ends cancelled, with the one cancel it sent among its lines.
      const app = new AppPage(page);
      await app.showOnly('kind:request;status:cancelled');
      const call = page.locator('[data-testid="timeline-row"][data-method="tools/call"][data-status="cancelled"]');
      await expect(call).toHaveCount(1);
      const detail = await app.selectRow(call);
      await expect(detail.getByTestId('detail-kind').filter({ hasText: /^cancel$/ })).toHaveCount(1);
    });
  });
}
