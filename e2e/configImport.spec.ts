import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { test, expect } from './support/fixtures.js';
import { root, startLens } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { startDemoHttp } from '../bridge/testing/httpServers.js';

const demoJs = path.join(root, 'dist', 'node', 'demo', 'server.js');
const config = JSON.stringify(
  {
    mcpServers: {
      demo: { command: process.execPath, args: [demoJs], env: { MCP_LENS_DEMO_VARIANT: 'changed', DEMO_API_TOKEN: 'tok-0123456789' } },
      remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer abc' } },
    },
  },
  null,
  2,
);

test('a pasted mcpServers config fills the form with the server picked, its env values marked secret, and connects', async ({
  page,
  lens,
  pageErrors,
}) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  await page.getByRole('button', { name: 'Import config…' }).click();
  const dialog = page.getByTestId('import-config');
  await dialog.getByLabel('Config file (JSON)').fill('{\n  "mcpServers": {\n    "demo": {"command": "node"}\n    "x": {}\n}');
  await expect(dialog.getByRole('list', { name: 'Problems in the file' })).toHaveText(`line 4, column 5: '"' where ',' or '}' should be`);
  await dialog.getByLabel('Config file (JSON)').fill(config);
  const servers = dialog.getByTestId('import-config-server');
  await expect(servers).toHaveCount(2);
  // A remote entry fills the form's URL mode, its bearer token in the token field.
  await dialog.getByRole('button', { name: 'Use “remote”' }).click();
  await expect(page.getByLabel('URL of the MCP endpoint')).toHaveValue('https://mcp.example.com/mcp');
  await expect(page.getByLabel(/^Bearer token/)).toHaveValue('abc');
  await page.getByRole('button', { name: 'Import config…' }).click();
  await dialog.getByLabel('Config file (JSON)').fill(config);
  await dialog.getByRole('button', { name: 'Use “demo”' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByLabel('Command')).toHaveValue(process.execPath);
  await expect(page.getByLabel(/^Arguments/)).toHaveValue(demoJs);
  await expect(page.getByLabel(/^Environment/)).toHaveValue('MCP_LENS_DEMO_VARIANT=changed\nDEMO_API_TOKEN=tok-0123456789');
  await expect(page.getByLabel(/^Mark as secret/)).toHaveValue('tok-0123456789');
  await expect(page.getByTestId('imported-server')).toHaveText('“demo” from a config file, 1 value(s) marked secret');
  const conn = await app.connect('Stateless');
  await expect(conn.getByTestId('flow-pill')).toHaveText(/stateless · 2026-07-28/);
  expect(pageErrors).toEqual([]);
});

test('mcp-lens --config FILE --server NAME opens the app connected to that server', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-config-'));
  const file = path.join(dir, 'mcp.json');
  fs.writeFileSync(file, config);
  const lens = await startLens({ bridgeArgs: ['--config', file, '--server', 'demo', '--flow', 'handshake'] });
  try {
    const printed = /(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(lens.output())?.[1] ?? '';
    expect(printed).toContain('&connect=handshake');
    const app = new AppPage(page);
    await app.open(printed);
    await expect(app.connections).toHaveCount(1);
    await expect(app.connections.first().getByTestId('flow-pill')).toHaveText(/handshake · 2025-11-25/);
    await expect(page.getByLabel('Command')).toHaveValue(process.execPath);
    // The request is taken out of the address, so a reload does not connect a second time.
    expect(page.url()).not.toContain('connect=');
  } finally {
    await lens.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a remote server of a --config file: the app opens connected to it over HTTP, and Compare flows runs on the same URL', async ({
  page,
  pageErrors,
}) => {
  const TOKEN = 'cfg-bearer-0123456789';
  const server = await startDemoHttp('both');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-config-'));
  const file = path.join(dir, 'mcp.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ mcpServers: { 'demo-http': { url: server.url, headers: { Authorization: `Bearer ${TOKEN}` } } } }),
  );
  const lens = await startLens({ bridgeArgs: ['--config', file, '--server', 'demo-http'] });
  try {
    const printed = /(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(lens.output())?.[1] ?? '';
    expect(printed).toContain('&connect=auto');
    const app = new AppPage(page);
    await app.open(printed);
    const conn = app.connections.first();
    await expect(conn.getByTestId('flow-pill')).toHaveText(/stateless · 2026-07-28/);
    await expect(conn.getByTestId('conn-status')).toContainText('HTTP · connected');
    await expect(conn).toContainText('demo-http');
    await expect(page.getByRole('radio', { name: 'URL (Streamable HTTP)' })).toBeChecked();
    await expect(page.getByLabel('URL of the MCP endpoint')).toHaveValue(server.url);

    // Compare flows starts on the same URL: one session per flow on the one server.
    await page.getByRole('tab', { name: 'Compare flows' }).click();
    const setup = page.getByRole('region', { name: 'Comparison setup' });
    await expect(setup.getByRole('radio', { name: 'A URL (Streamable HTTP)' })).toBeChecked();
    await expect(setup.getByLabel('URL of the MCP endpoint')).toHaveValue(server.url);
    await page.getByTestId('run-comparison').click();
    const comparison = page.getByTestId('comparison');
    await expect(comparison).toHaveAttribute('data-done', 'true', { timeout: 60_000 });
    await expect(comparison.getByTestId('compare-row').first().locator('[data-flow="handshake"]')).toContainText('initialize #1');
    await expect(comparison.getByTestId('compare-row').first().locator('[data-flow="stateless"]')).toContainText('server/discover #1');
    for (const flow of ['handshake', 'stateless'] as const)
      await expect(comparison.getByTestId(`step-figures-${flow}`).last()).toContainText('Confirmed: deploy the demo');

    // Each column's HTTP steps are on the timeline; the token is in no journal line.
    await app.showTimeline();
    const http = app.list.locator('[data-testid="timeline-row"][data-kind="http"]');
    await expect(http.filter({ hasText: /POST http:\/\/127\.0\.0\.1:\d+\/mcp/ }).first()).toBeVisible();
    const journal = fs
      .readdirSync(path.join(lens.home, 'journal'))
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => fs.readFileSync(path.join(lens.home, 'journal', f), 'utf8'))
      .join('');
    expect(journal).toContain('"url":"http://127.0.0.1:');
    expect(journal).not.toContain(TOKEN);
    expect(pageErrors).toEqual([]);
  } finally {
    await lens.stop();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
