/**
 * Roots without a modal: a server's roots/list is answered from the connection's roots table at
 * once (and the card says so), and editing the table on the card tells a handshake server with
 * notifications/roots/list_changed. The stateless flow (2026-07-28) has no such notification:
 * the table answers the next input_required round, and nothing else is sent.
 */
import { createRequire } from 'node:module';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { fixture } from './support/lens.js';
import { journalEvents } from './support/wire.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

atEachViewport(() => {
  test('handshake (server-everything): roots/list answered from the table, an edit sends list_changed', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await page.getByRole('checkbox', { name: 'roots' }).check();
    const conn = await app.connect('Handshake', { command: 'node', args: [everything, 'stdio'] });
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    await expect(conn).toContainText('roots/list answered from the roots table: no roots');
    await expect(page.getByTestId('question')).toBeHidden();

    const editor = conn.getByTestId('roots-editor');
    await editor.locator('summary').click();
    await editor.getByLabel('Root URI').fill('file:///tmp/lens-root');
    await editor.getByRole('button', { name: 'Add root' }).click();
    await expect(editor.getByTestId('roots-status')).toHaveText('sent notifications/roots/list_changed');
    await expect(conn).toContainText('roots/list answered from the roots table: 1 root (file:///tmp/lens-root)');

    await app.focus(conn);
    await expect(app.row('notifications/roots/list_changed')).toHaveAttribute('data-direction', 'out');
    await app.filter('"roots":[{"uri":"file:///tmp/lens-root"}]');
    await expect(app.rows).toHaveCount(1);
    await expect(app.rows).toHaveAttribute('data-method', 'roots/list');
    await expect(app.rows).toHaveAttribute('data-direction', 'in');
    await expect(app.rows).toHaveAttribute('data-status', 'ok');
  });

  test('stateless: the table answers an input_required roots/list, and an edit sends nothing', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await page.getByRole('checkbox', { name: 'roots' }).check();
    const conn = await app.connect('Stateless', { args: [fixture('tools-and-roots.mjs')] });
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    const editor = conn.getByTestId('roots-editor');
    await editor.locator('summary').click();
    await editor.getByLabel('Root URI').fill('file:///tmp/stateless-root');
    await editor.getByRole('button', { name: 'Add root' }).click();
    await expect(editor.getByTestId('roots-status')).toHaveText(
      '2026-07-28 has no roots/list_changed: the next roots/list a server asks (in an input_required round) gets this table',
    );

    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('show_roots');
    await tools.send();
    await expect(tools.result).toContainText('roots: file:///tmp/stateless-root');
    await expect(page.getByTestId('question')).toBeHidden();
    await expect(conn).toContainText(
      'roots/list (an input_required round) answered from the roots table: 1 root (file:///tmp/stateless-root)',
    );
    const sent = journalEvents(lens.home).filter((e) => e.kind === 'line' && e.stream === 'stdin');
    expect(sent.filter((e) => String(e.text).includes('notifications/roots/list_changed'))).toEqual([]);
  });
});
