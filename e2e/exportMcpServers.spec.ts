/**
 * The connections list exported as an mcpServers file (Claude Desktop, Cursor, VS Code read it):
 * every listed server once, env values left out as [redacted] and said so, and the file reads
 * back with the same reader the Import config… dialog uses.
 */
import fs from 'node:fs';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { readServersFile } from '../protocol/mcpServersFile.js';

atEachViewport(() => {
  test('Export as mcpServers writes each listed server, its secrets redacted, readable by Import', async ({ page, lens }) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    await page.getByLabel(/^Environment/).fill('DEMO_API_TOKEN=tok-0123456789abc');
    const demo = await app.connect('Stateless');
    await expect(demo.getByTestId('flow-pill')).toBeVisible();
    await page.getByLabel(/^Environment/).fill('');
    const other = await app.connect('Handshake', { args: [fixture('tools-and-roots.mjs')] });
    await expect(other.getByTestId('flow-pill')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as mcpServers' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mcp-servers.json');
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text).not.toContain('tok-0123456789abc');
    await expect(page.getByTestId('export-servers-note')).toHaveText(
      '2 servers exported; 1 secret value written as [redacted]: fill it in before use.',
    );
    const read = readServersFile(text);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.shape).toBe('mcpServers');
    expect(read.servers.map((s) => s.name).sort()).toEqual(['mcp-lens-demo', 'tools-and-roots']);
    const demoEntry = read.servers.find((s) => s.name === 'mcp-lens-demo');
    expect(demoEntry?.transport === 'stdio' && demoEntry.config.env).toEqual({ DEMO_API_TOKEN: '[redacted]' });
    const fixtureEntry = read.servers.find((s) => s.name === 'tools-and-roots');
    expect(fixtureEntry?.transport === 'stdio' && fixtureEntry.config.args).toEqual([fixture('tools-and-roots.mjs')]);
  });
});
