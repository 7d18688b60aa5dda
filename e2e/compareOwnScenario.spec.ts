/**
 * Compare flows on any server: a scenario built from the server's own tools, resources and
 * prompts (tool arguments seeded from the schema), run in both flows; and a summary that says
 * what happened when one side could not run, not a sentence written for the demo.
 */
import { createRequire } from 'node:module';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import type { Locator, Page } from '@playwright/test';

async function openCompare(page: Page, url: string): Promise<void> {
  await new AppPage(page).open(url);
  await page.getByRole('tab', { name: 'Compare flows' }).click();
}

async function readServer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Build from the server' }).click();
  const builder = page.getByTestId('scenario-builder');
  await builder.getByRole('button', { name: "Read the server's tools, resources and prompts" }).click();
  await expect(builder.getByRole('button', { name: 'Use the picked items as the scenario' })).toBeVisible({ timeout: 30_000 });
  return builder;
}

async function runAndWait(page: Page): Promise<Locator> {
  await page.getByTestId('run-comparison').click();
  const comparison = page.getByTestId('comparison');
  await expect(comparison).toHaveAttribute('data-done', 'true', { timeout: 60_000 });
  return comparison;
}

atEachViewport(() => {
  test("a scenario of the demo server's own items, a tool's arguments seeded from its schema, runs in both flows", async ({
    page,
    lens,
  }) => {
    await openCompare(page, lens.url);
    const builder = await readServer(page);
    await builder.getByRole('checkbox', { name: 'slow' }).check();
    // The schema's defaults, offered as they are; the user types over them.
    const slowArgs = builder.getByLabel('Arguments for slow');
    await expect(slowArgs).toHaveValue('{"steps":5,"delayMs":500}');
    await slowArgs.fill('{"steps":2,"delayMs":10}');
    await builder.getByRole('checkbox', { name: 'echo' }).check();
    await builder.getByLabel('Arguments for echo').fill('{"message":"built here"}');
    await builder.getByRole('checkbox', { name: 'server-info' }).check();
    await builder.getByRole('checkbox', { name: 'summarize' }).check();
    // A prompt's required arguments are named, left for the user to type.
    const promptArgs = builder.getByLabel('Arguments for the prompt summarize');
    await expect(promptArgs).toHaveValue('{"text":""}');
    await promptArgs.fill('{"text":"one two three"}');
    await builder.getByRole('button', { name: 'Use the picked items as the scenario' }).click();
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('From the server: 4 items picked');

    const comparison = await runAndWait(page);
    const rows = comparison.getByTestId('compare-row');
    await expect(rows).toHaveCount(8);
    await expect(rows.nth(5)).toContainText('resources/read info://server-info');
    await expect(rows.nth(7)).toContainText('prompts/get summarize');
    // In the server's own order: echo comes before slow in its tools/list.
    await expect(rows.nth(3)).toContainText('tools/call slow');
    for (const flow of ['handshake', 'stateless'] as const) {
      await expect(comparison.getByTestId(`step-figures-${flow}`).nth(2)).toContainText('Echo: built here');
      await expect(comparison.getByTestId(`step-figures-${flow}`).nth(3)).toContainText('Done after 2 steps');
      // On the wire: the call went out and came back in each column.
      await expect(rows.nth(2).locator(`[data-flow="${flow}"]`)).toContainText('tools/call #');
    }
    for (const flow of ['handshake', 'stateless'] as const) {
      await expect(rows.nth(5).locator(`[data-flow="${flow}"]`)).toContainText('resources/read #');
      await expect(rows.nth(7).locator(`[data-flow="${flow}"]`)).toContainText('prompts/get #');
      await expect(rows.nth(7).locator(`[data-flow="${flow}"]`)).not.toContainText('error');
    }
    await expect(comparison.getByTestId('differences')).toContainText('The handshake is gone');
  });

  test('server-everything: its own tools compared, and the summary says the stateless side failed and why', async ({ page, lens }) => {
    const server = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
    await openCompare(page, lens.url);
    await page.getByLabel('Command', { exact: true }).last().fill('node');
    await page.getByLabel('Arguments for the compared server').fill(`${server}\nstdio`);
    const builder = await readServer(page);
    await builder.getByRole('checkbox', { name: 'get-sum' }).check();
    await builder.getByLabel('Arguments for get-sum').fill('{"a":2,"b":3}');
    await builder.getByRole('button', { name: 'Use the picked items as the scenario' }).click();

    const comparison = await runAndWait(page);
    await expect(comparison.getByTestId('compare-row')).toHaveCount(3);
    await expect(comparison.getByTestId('step-figures-handshake').nth(2)).toContainText('The sum of 2 and 3 is 5.');
    await expect(comparison.getByTestId('compare-row').first().locator('[data-flow="stateless"]')).toContainText('error #1 · -32601');
    const summary = comparison.getByTestId('differences');
    await expect(summary.getByRole('heading')).toHaveText('What happened on this run: one side could not run, so there is no comparison');
    await expect(summary).toContainText('The stateless side failed');
    await expect(summary).toContainText('-32601');
    await expect(summary).toContainText('Its 2 other steps were not run');
    await expect(summary).not.toContainText('The handshake is gone');
    await expect(summary).not.toContainText('Every request carries an envelope');
  });
});
