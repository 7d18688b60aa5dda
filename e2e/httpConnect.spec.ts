import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { startDemoHttp, startEverythingHttp, type RunningHttpServer } from '../bridge/testing/httpServers.js';

const TOKEN = 'e2e-bearer-0123456789';

/** Every journal line the bridge wrote so far. */
function journalText(home: string): string {
  const dir = path.join(home, 'journal');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('');
}

test('connects to server-everything over Streamable HTTP with a bearer token, calls a tool, reads a resource, gets a prompt, shows each HTTP step on the timeline', async ({
  page,
  lens,
  pageErrors,
}) => {
  const server: RunningHttpServer = await startEverythingHttp();
  try {
    const app = new AppPage(page);
    await app.open(lens.url);
    await app.fillUrl(server.url);
    await page.getByLabel(/^Bearer token/).fill(TOKEN);
    const conn = await app.connect('Auto');
    // The probe gets a 400 without a JSON-RPC answer: the handshake follows at once.
    await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake · 2025-11-25/);
    await expect(conn.getByTestId('conn-status')).toContainText('HTTP · connected');
    await expect(conn.getByRole('list', { name: 'Connection steps' })).toContainText('Mcp-Session-Id');

    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('Echo Tool');
    await tools.field('tool-echo_message').fill('over http');
    await tools.send();
    await expect(tools.result.getByTestId('block-text')).toContainText('Echo: over http');

    await app.showTimeline();
    const http = app.list.locator('[data-testid="timeline-row"][data-kind="http"]');
    await expect(http.filter({ hasText: /POST http:\/\/127\.0\.0\.1:\d+\/mcp/ }).first()).toBeVisible();
    await expect(http.filter({ hasText: /SSE event id \S+ \(message, \d+ bytes\)/ }).first()).toBeVisible();
    // The JSON-RPC exchange the HTTP steps carried is a row beside them.
    await expect(app.row('tools/call').first()).toBeVisible();

    // Its resources and prompts over the same connection.
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page.getByTestId('resource-item').first().click();
    await page.getByTestId('resource-detail').getByTestId('read').click();
    await expect(page.getByTestId('result')).toHaveAttribute('data-kind', 'result');
    await expect(page.getByTestId('contents')).not.toBeEmpty();
    await page.getByRole('tab', { name: 'Prompts' }).click();
    await page.getByTestId('prompt-item').filter({ hasText: 'simple-prompt' }).click();
    await page.getByTestId('prompt-runner').getByTestId('get').click();
    await expect(page.getByTestId('conversation').getByTestId('message')).toContainText('This is a simple prompt without arguments.');

    // Closing ends the server's session (DELETE) and the connection.
    await conn.getByRole('button', { name: 'Stop' }).click();
    await expect(conn.getByTestId('conn-status')).toHaveText('closed');
    const journal = journalText(lens.home);
    expect(journal).toContain('"method":"DELETE"');
    expect(journal).toContain('"Authorization":"Bearer [redacted]"');
    expect(journal).not.toContain(TOKEN);
    expect(pageErrors).toEqual([]);
  } finally {
    await server.stop();
  }
});

test('the demo over HTTP in the stateless flow: its tools, resources and prompts answer, and the requests carry Mcp-Method and Mcp-Name', async ({
  page,
  lens,
  pageErrors,
}) => {
  const server = await startDemoHttp('stateless');
  try {
    const app = new AppPage(page);
    await app.open(lens.url);
    await app.fillUrl(server.url);
    const conn = await app.connect('Stateless');
    await expect(conn.getByTestId('flow-pill')).toHaveText(/stateless · 2026-07-28/);
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.pick('Echo');
    await tools.field('tool-echo_message').fill('stateless over http');
    await tools.send();
    await expect(tools.result.getByTestId('block-text')).toContainText('Echo: stateless over http');

    await page.getByRole('tab', { name: 'Resources' }).click();
    await page.getByTestId('resource-item').filter({ hasText: 'info://server-info' }).click();
    await page.getByTestId('resource-detail').getByTestId('read').click();
    await expect(page.getByTestId('contents')).toContainText('"flow": "stateless"');
    await page.getByRole('tab', { name: 'Prompts' }).click();
    await page.getByTestId('prompt-item').filter({ hasText: 'summarize' }).click();
    const text = page.getByTestId('prompt-runner').locator('[data-name="text"]').getByTestId('arg-input');
    await text.fill('MCP over HTTP.');
    await text.press('Enter');
    await expect(page.getByTestId('conversation').getByTestId('message')).toContainText('MCP over HTTP.');
    expect(journalText(lens.home)).toMatch(/"Mcp-Method":"tools\/call","Mcp-Name":"echo"/);
    expect(journalText(lens.home)).toMatch(/"Mcp-Method":"resources\/read","Mcp-Name":"info:\/\/server-info"/);
    expect(pageErrors).toEqual([]);
  } finally {
    await server.stop();
  }
});
