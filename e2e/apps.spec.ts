// MCP Apps: the demo's counter tool renders its ui:// app in each flow. The app is framed from the
// sandbox origin, initializes, shows the tool's input and result, calls counter_add back (after
// the user allows it), sends a message and asks for a link; every postMessage is a row of the
// app's own lane on the timeline.
import { test, expect } from './support/fixtures.js';
import { AppPage, type FlowName } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

for (const flow of ['Handshake', 'Stateless'] as FlowName[]) {
  test(`the demo's counter app renders, calls a tool back and lands on its lane (${flow.toLowerCase()} flow)`, async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect(flow);
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('Counter');
    await tools.field('tool-counter_start').fill('3');
    await tools.send();
    const frame = page.getByTestId('app-frame');
    await expect(frame).toHaveAttribute('data-app-state', 'initialized');
    const inner = page.frameLocator('[data-testid="app-iframe"]').frameLocator('iframe');
    await expect(inner.locator('body')).toHaveAttribute('data-app-status', 'ready');
    await expect(inner.locator('#tool-result')).toContainText('The counter starts at 3.');
    await expect(inner.locator('#count')).toHaveText('3');

    // The app calls counter_add: it waits for the user.
    await inner.locator('#add-button').click();
    const ask = frame.getByTestId('app-ask-call');
    await expect(ask).toContainText('counter_add');
    await ask.getByTestId('app-call-allow').click();
    await expect(inner.locator('#add-result')).toContainText('3 + 1 = 4');
    await expect(inner.locator('#count')).toHaveText('4');

    // The theme the user picks reaches the app.
    const before = await inner.locator('body').getAttribute('data-theme');
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await expect(inner.locator('body')).toHaveAttribute('data-theme', before === 'dark' ? 'light' : 'dark');

    await inner.locator('#message-button').click();
    await expect(frame.getByTestId('app-ask-message')).toBeVisible();
    await inner.locator('#docs-link').click();
    await expect(frame.getByTestId('app-link')).toHaveAttribute('href', 'https://modelcontextprotocol.io/');

    // Every message is on the app's lane: its initialize, the pushed result and the call it made.
    const lane = (await frame.getAttribute('data-lane')) ?? '';
    expect(lane).not.toBe('');
    await app.focus(lane);
    await expect(app.row('ui/initialize')).toHaveCount(1);
    await expect(app.row('ui/notifications/tool-result')).toHaveCount(1);
    await expect(app.row('tools/call')).toHaveCount(1);
  });
}
