/**
 * Two tabs on one bridge session: what one tab does must not take the other's panels away.
 * Each check runs right after the second tab has rendered new events (its card's line count
 * moved), so a pick lost to any of them is caught, without waiting on time.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

/** How many stdout lines a tab has seen on a connection, from its card. */
async function received(page: Page, conn: string): Promise<number> {
  const status = await page.locator(`[data-testid="connection"][data-conn="${conn}"]`).getByTestId('conn-status').textContent();
  return Number(/(\d+) received/.exec(status ?? '')?.[1] ?? -1);
}

async function stillPicked(page: Page, title: string, name: string): Promise<void> {
  expect(await page.getByTestId('tool-item').filter({ hasText: title }).first().getAttribute('aria-current')).toBe('true');
  expect(await page.getByTestId('tool-runner').getAttribute('aria-label')).toBe(`Tool ${name}`);
}

test('a tool picked in a second tab stays picked while the first tab opens another connection and calls tools on it', async ({
  browser,
  lens,
}) => {
  const first = await browser.newPage();
  const app = new AppPage(first);
  await app.open(lens.url);
  const older = await app.connect('Stateless');
  await expect(older.getByTestId('flow-pill')).toBeVisible();
  const olderId = (await older.getAttribute('data-conn')) ?? '';

  const second = await browser.newPage();
  await new AppPage(second).open(lens.url);
  const other = new ToolsPage(second);
  await other.open();
  await expect(second.getByTestId('active-conn')).toContainText(olderId);
  await other.pick('Add');

  const newer = await app.connect('Stateless');
  await expect(newer.getByTestId('flow-pill')).toBeVisible();
  const newerId = (await newer.getAttribute('data-conn')) ?? '';
  // The tab that opened the connection works on it.
  await expect(first.getByTestId('active-conn')).toContainText(newerId);
  const tools = new ToolsPage(first);
  await tools.open();
  await tools.pick('Echo');
  for (let i = 1; i <= 4; i++) {
    const seen = await received(second, newerId);
    await tools.field('tool-echo_message').fill(`call ${i}`);
    await tools.send();
    await expect(tools.result.getByTestId('block-text')).toContainText(`Echo: call ${i}`);
    await expect.poll(() => received(second, newerId), { timeout: 20_000 }).toBeGreaterThan(seen);
    await stillPicked(second, 'Add', 'add');
    expect(await second.getByTestId('active-conn').textContent()).toContain(olderId);
  }
  await first.close();
  await second.close();
});

test('a tool picked in a second tab stays picked while a slow call reports progress in the first', async ({ browser, lens }) => {
  const first = await browser.newPage();
  const app = new AppPage(first);
  await app.open(lens.url);
  const card = await app.connect('Handshake');
  await expect(card.getByTestId('flow-pill')).toBeVisible();
  const conn = (await card.getAttribute('data-conn')) ?? '';
  const tools = new ToolsPage(first);
  await tools.open();
  await tools.pick('Slow');
  // 50 steps of 1.5 s: the call still runs when the second tab's last check is done, however
  // long a loaded machine takes to open that tab; it is cancelled at the end.
  await tools.field('tool-slow_steps').fill('50');
  await tools.field('tool-slow_delayMs').fill('1500');
  await tools.send();
  await expect(first.getByTestId('progress')).toContainText('/ 50');

  const second = await browser.newPage();
  await new AppPage(second).open(lens.url);
  const other = new ToolsPage(second);
  await other.open();
  await expect(second.getByTestId('active-conn')).toContainText(conn);
  await other.pick('Add');
  for (let i = 1; i <= 5; i++) {
    const seen = await received(second, conn);
    await expect.poll(() => received(second, conn), { timeout: 20_000 }).toBeGreaterThan(seen);
    await stillPicked(second, 'Add', 'add');
  }
  // Every check above saw a progress line of the running call, not the lines after its end.
  await expect(first.getByTestId('progress')).toBeVisible();
  await tools.runner.getByTestId('cancel').click();
  await expect(tools.result).toHaveAttribute('data-kind', 'cancelled');
  await first.close();
  await second.close();
});
