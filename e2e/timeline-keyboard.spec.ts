// The timeline by keyboard alone, from a freshly opened app (the Timeline is its first tab and
// nothing has focus): j and k move, Enter opens the row, Escape closes it, ? lists the
// shortcuts, / searches and Escape clears the search.
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TimelinePage } from './pages/timelinePage.js';

test('move, open, ask for help, search and clear without the mouse', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake');
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('Add');
  for (const [a, b] of [
    [1, 2],
    [3, 4],
  ] as const) {
    await tools.field('tool-add_a').fill(String(a));
    await tools.field('tool-add_b').fill(String(b));
    await tools.send();
    await expect(tools.result.getByTestId('block-text').first()).toContainText(`${a} + ${b} = ${a + b}`);
  }

  // The app opened afresh: the Timeline shows first, and the keyboard starts from nowhere.
  await page.reload();
  const tl = new TimelinePage(page);
  await expect(tl.panel).toBeVisible();
  await tl.indexedAll();
  await tl.unfiltered();
  const selected = tl.list.locator('[data-testid="timeline-row"][aria-selected="true"]');
  const rows = await tl.attrs('data-row');
  const before = await tl.figures();
  // Cleared, the search gives every row back: as many match as before, and the list shows rows
  // of those (where it is scrolled to is the list's own business once the filtered list has
  // been at its end, and following: it may show the newest rows).
  const restored = async (): Promise<void> => {
    await tl.unfiltered();
    expect((await tl.figures()).matching).toBe(before.matching);
    const shown = await tl.attrs('data-row');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((row) => !rows.includes(row))).toEqual([]);
  };

  // j and k move the selection row by row, from the first.
  await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('data-row', rows[0] ?? '');
  // From nowhere, j hands the keyboard to the list: Enter and the arrows act there next.
  await expect(tl.list).toBeFocused();
  await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('data-row', rows[1] ?? '');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(selected).toHaveAttribute('data-row', rows[1] ?? '');

  // Enter opens the selected row; Escape closes it.
  await page.keyboard.press('Enter');
  await expect(tl.detail).toBeVisible();
  await expect(tl.detail).toHaveAttribute('data-row', rows[1] ?? '');
  await page.keyboard.press('Escape');
  await expect(tl.detail).toBeHidden();

  // ? lists the shortcuts; Escape closes the list.
  await page.keyboard.press('?');
  const shortcuts = page.getByTestId('shortcuts');
  await expect(shortcuts).toBeVisible();
  for (const key of ['j', 'k', 'Enter', '/', 'Esc', '?']) await expect(shortcuts.locator('kbd', { hasText: key }).first()).toHaveText(key);
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // / goes to the search box; typing narrows to the one call; Escape clears it.
  await page.keyboard.press('/');
  await expect(tl.search).toBeFocused();
  await page.keyboard.type('"a":3');
  await expect(tl.rows).toHaveCount(1);
  await expect(tl.rows).toHaveAttribute('data-method', 'tools/call');
  await page.keyboard.press('Escape');
  await expect(tl.search).toHaveValue('');
  await restored();

  // Keys pressed faster than the list says where the selection is still move from where the
  // last one put it (they used to start over from the first or the last row).
  await tl.list.focus();
  await page.keyboard.press('Home');
  for (const key of ['j', 'j', 'j', 'k']) await page.keyboard.press(key);
  await expect(selected).toHaveAttribute('data-row', rows[2] ?? '');

  // Escape straight after typing, before the typed text is applied, clears it too.
  await page.keyboard.press('/');
  await page.keyboard.type('"a":3');
  await page.keyboard.press('Escape');
  await expect(tl.search).toHaveValue('');
  await restored();
});
