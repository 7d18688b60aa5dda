/**
 * "Edit and resend" from a timeline row: the request the app sent opens in the JSON editor,
 * goes out again on the same connection as a new request (a new id, a fresh stateless
 * envelope), and its exchange shows in the timeline. Once the connection is gone, the button
 * says why it cannot send.
 */
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { replaceEditorText } from './support/editor.js';

const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';

atEachViewport(() => {
  test('a stateless tools/call is edited, sent again on its connection, and its new exchange shows in the timeline', async ({
    page,
    lens,
  }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const card = await app.connect('Stateless');
    await expect(card.getByTestId('flow-pill')).toBeVisible();
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('Echo');
    await tools.field('tool-echo_message').fill('first');
    await tools.send();
    await expect(tools.result.getByTestId('block-text')).toContainText('Echo: first');

    await app.showTimeline();
    const first = app.row('tools/call').first();
    const firstId = Number(await first.getAttribute('data-id'));
    const detail = await app.selectRow(first);
    await detail.getByRole('button', { name: 'Edit and resend' }).click();
    const dialog = page.getByTestId('resend-dialog');
    const editor = dialog.getByTestId('json-editor');
    // The recorded params, without the old envelope: the connection builds a new one.
    await expect(editor.locator('.view-lines')).toContainText('"message": "first"');
    await expect(editor.locator('.view-lines')).not.toContainText(PROTOCOL_VERSION);
    await replaceEditorText(page, editor, '{"method":"tools/call","params":{"name":"echo","arguments":{"message":"again"}}}');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(detail.getByTestId('resend-sent')).toContainText(`Sent again as tools/call #`);

    // On the wire: a second tools/call with a new id, the edited argument and a fresh envelope, answered.
    await expect(app.row('tools/call')).toHaveCount(2);
    const resent = app.page.locator(`[data-testid="timeline-row"][data-method="tools/call"]:not([data-id="${firstId}"])`);
    await expect(resent).toHaveCount(1);
    const resentDetail = await app.selectRow(resent);
    await expect(resentDetail.getByTestId('detail-status-pill')).toBeVisible();
    const sentLine = resentDetail.locator('[data-testid="detail-message"][data-stream="stdin"]').first();
    await expect(sentLine).toContainText('"message":"again"');
    await expect(sentLine).toContainText(PROTOCOL_VERSION);
    await expect(resentDetail.locator('[data-testid="detail-message"][data-stream="stdout"]').first()).toContainText('Echo: again');

    // The connection stopped: nothing to send on, and the button says so.
    await card.getByRole('button', { name: 'Stop' }).click();
    await expect(card.getByTestId('conn-status')).not.toContainText(/pid \d+/);
    await expect(resentDetail.getByRole('button', { name: 'Edit and resend' })).toBeDisabled();
    await expect(resentDetail.getByTestId('resend-reason')).toContainText('is not open: there is nothing to send it on');
  });

  test('in a recording, the request row says there is no live connection to send it on', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await expect((await app.connect('Handshake')).getByTestId('flow-pill')).toBeVisible();
    await app.showTimeline();
    await expect(app.row('initialize').first()).toBeVisible();
    await page.getByTestId('export-session').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    await page.getByTestId('open-session-file').setInputFiles(await download.path());
    await expect(page.getByTestId('archive-banner')).toBeVisible();
    const detail = await app.selectRow(app.row('initialize').first());
    await expect(detail.getByRole('button', { name: 'Edit and resend' })).toBeDisabled();
    await expect(detail.getByTestId('resend-reason')).toContainText('This is a recording: there is no live connection to send it on.');
  });
});
