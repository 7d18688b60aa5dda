// How the benchmarks find and drive the timeline, by its test ids (as e2e/pages/timelinePage.ts
// does). Each measured step is a trigger (the user's own event, which starts the clock), the
// action that causes it, and the DOM condition that ends it (probes.mjs).
const tid = (id) => `[data-testid="${id}"]`;

export const timeline = {
  name: 'timeline',
  row: tid('timeline-row'),
  list: tid('timeline-list'),
  async showLive(page) {
    await page.getByRole('tab', { name: 'Timeline', exact: true }).click();
    await page.getByTestId('timeline').waitFor();
  },
  /** Shown once the list is on screen: opening an earlier session lands on it. */
  async showArchive(page) {
    const tab = page.getByRole('tab', { name: 'Timeline', exact: true });
    if (await tab.count()) await tab.click();
  },
  /** Rows of the opened session: the banner naming it is up (until then the list shows the live session). */
  firstRows: (session) => ({
    contains: { selector: tid('archive-banner'), text: session },
    rows: { selector: tid('timeline-row'), within: tid('timeline-list') },
  }),
  /** Every event of the source indexed, and the source is the whole journal. */
  indexed: (total) => ({
    stats: { selector: tid('timeline-stats'), attrs: { 'data-total': total }, same: [['data-indexed', 'data-total']] },
  }),
  /** Every event of the source linted too (lint runs beside the index, ADR 6). */
  linted: (total) => ({
    stats: {
      selector: tid('timeline-stats'),
      attrs: { 'data-total': total, 'data-lint-done': 'true' },
      same: [['data-linted', 'data-total']],
    },
  }),
  indexedAtLeast: (min) => ({
    stats: { selector: tid('timeline-stats'), min: { 'data-total': min }, same: [['data-indexed', 'data-total']] },
  }),
  async rowCount(page) {
    return Number(await page.getByTestId('timeline-stats').getAttribute('data-rows'));
  },
  methodFilter(page, method, expected) {
    return {
      // The clock starts on the value's checkbox, not on opening the menu.
      trigger: { events: ['click'], selector: tid('timeline-facet-value') },
      act: () => toggleFacet(page, 'method', method),
      until: {
        rows: { selector: tid('timeline-row'), within: tid('timeline-list'), attr: ['data-method', method] },
        stats: { selector: tid('timeline-stats'), attrs: { 'data-matching': expected } },
      },
      clear: () => toggleFacet(page, 'method', method),
    };
  },
  search(page, text, expectedRows) {
    const input = page.getByTestId('timeline-search');
    return {
      trigger: { events: ['input'], selector: tid('timeline-search') },
      act: () => input.fill(text),
      until: {
        rows: { selector: tid('timeline-row'), within: tid('timeline-list'), max: expectedRows },
        stats: { selector: tid('timeline-stats'), attrs: { 'data-matching': expectedRows } },
      },
      clear: () => input.fill(''),
    };
  },
  unfiltered: () => ({ stats: { selector: tid('timeline-stats'), same: [['data-matching', 'data-rows']] } }),
  jumpToEnd(page, rows) {
    return {
      // From the top, so the jump crosses the whole list.
      prepare: {
        act: async () => {
          await page.getByTestId('timeline-list').focus();
          await page.keyboard.press('Home');
        },
        until: { visible: { selector: `${tid('timeline-row')}[data-row="0"]`, within: tid('timeline-list') } },
      },
      trigger: { events: ['keydown'], key: 'End' },
      act: async () => {
        await page.getByTestId('timeline-list').focus();
        await page.keyboard.press('End');
      },
      until: { visible: { selector: `${tid('timeline-row')}[data-row="${rows - 1}"]`, within: tid('timeline-list') } },
    };
  },
};

/** Ticks or unticks one value in a facet's menu (its button opens the menu), then closes the menu. */
async function toggleFacet(page, name, value) {
  const button = page.getByTestId(`timeline-facet-${name}`);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
  await menu
    .locator(`${tid('timeline-facet-value')}[data-value="${value}"]`)
    .getByRole('checkbox')
    .click();
  await button.click();
}
