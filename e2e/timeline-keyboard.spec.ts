// The timeline by keyboard alone: / to search, Escape to clear, j and k to move, Enter to
// open a row, ? for the list of shortcuts.
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TimelinePage } from './pages/timelinePage.js';

test('search, move, open and ask for help without the mouse', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake');
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('Echo');
  for (const message of ['first by keyboard', 'second by keyboard']) {
    await tools.field('tool-echo_message').fill(message);
    await tools.send();
    await expect(tools.result.getByTestId('block-text')).toContainText(`Echo: ${message}`);
  }
  const tl = new TimelinePage(page);
  await tl.open();
  await tl.indexedAll();
  const selected = tl.list.locator('[data-testid="timeline-row"][aria-selected="true"]');

  // "/" goes to the search box; typing narrows; Escape clears it and every row is back.
  await page.keyboard.press('/');
  await expect(tl.search).toBeFocused();
  await page.keyboard.type('by keyboard');
  await expect(tl.rows).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(tl.search).toHaveValue('');
  await tl.unfiltered();

  // j and k move the selection row by row.
  await page.keyboard.press('/');
  await page.keyboard.type('by keyboard');
  await expect(tl.rows).toHaveCount(2);
  await tl.list.focus();
  await page.keyboard.press('j');
  await expect(selected).toHaveCount(1);
  const first = await selected.getAttribute('data-row');
  await page.keyboard.press('j');
  await expect(selected).not.toHaveAttribute('data-row', first ?? '');
  const second = await selected.getAttribute('data-row');
  expect(Number(second)).toBeGreaterThan(Number(first));
  await page.keyboard.press('k');
  await expect(selected).toHaveAttribute('data-row', first ?? '');

  // Enter opens the selected row: the first echo, request and answer.
  await page.keyboard.press('Enter');
  await expect(tl.detail).toBeVisible();
  await expect(tl.detail).toContainText('Echo: first by keyboard');

  // ? lists the shortcuts; Escape closes the list.
  await page.keyboard.press('?');
  const shortcuts = page.getByTestId('shortcuts');
  await expect(shortcuts).toBeVisible();
  for (const key of ['j', 'k', 'Enter', '/', 'Escape']) await expect(shortcuts).toContainText(key);
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
});
