// How the benchmarks find and drive the session's list: the timeline (its test ids, see
// e2e/pages/timelinePage.ts) or, in a build without it, the Log it replaces. Each measured
// step is a trigger (the user's own event, which starts the clock), the action that causes it,
// and the DOM condition that ends it (probes.mjs).
/* global document, requestAnimationFrame -- the functions given to page.evaluate run in the tab */
const tid = (id) => `[data-testid="${id}"]`;

const timeline = {
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

/** The Log: one row per line, a text filter, "N of M events". */
const log = {
  name: 'log',
  row: tid('log-row'),
  list: tid('log'),
  async showLive(page) {
    await page.getByRole('tab', { name: 'Log', exact: true }).click();
    await page.getByTestId('log').waitFor();
  },
  async showArchive() {},
  firstRows: (session) => ({
    contains: { selector: tid('archive-banner'), text: session },
    rows: { selector: tid('log-row'), within: tid('log') },
  }),
  indexed: (total) => ({ stats: { selector: tid('log-count'), text: `^${total} of ${total} events$` } }),
  indexedAtLeast: (min) => ({ stats: { selector: tid('log-count'), textMin: { pattern: '^(\\d+) of (\\d+) events$', min } } }),
  async rowCount(page) {
    return Number(/of (\d+) events/.exec((await page.getByTestId('log-count').textContent()) ?? '')?.[1]);
  },
  // A request line names its method; its response line does not: one line per request, as one row per request in the timeline.
  methodFilter(page, method, expected, total) {
    const input = page.getByLabel('Filter the log');
    return {
      trigger: { events: ['input'] },
      act: () => input.fill(`"method":"${method}"`),
      until: {
        rows: { selector: tid('log-row'), within: tid('log') },
        stats: { selector: tid('log-count'), text: `^${expected} of ${total} events$` },
      },
      clear: () => input.fill(''),
    };
  },
  // The Log shows lines, so the one matching exchange is its request and its response.
  search(page, text, _rows, total) {
    const input = page.getByLabel('Filter the log');
    return {
      trigger: { events: ['input'] },
      act: () => input.fill(text),
      until: {
        rows: { selector: tid('log-row'), within: tid('log'), max: 2 },
        stats: { selector: tid('log-count'), text: `^2 of ${total} events$` },
      },
      clear: () => input.fill(''),
    };
  },
  unfiltered: () => ({ stats: { selector: tid('log-count'), textMin: { pattern: '^(\\d+) of (\\d+) events$', min: 1 } } }),
  // No End key: scroll the list to its bottom until the last line shows (the virtualizer measures as it goes).
  jumpToEnd(page, rows) {
    return {
      // The Log follows the newest line: start from the top, so the jump crosses the whole list.
      prepare: {
        act: () => page.evaluate((selector) => document.querySelector(selector)?.scrollTo(0, 0), tid('log')),
        until: { visible: { selector: `${tid('log-row')}[data-seq="0"]`, within: tid('log') } },
      },
      trigger: { events: ['scroll'] },
      act: () =>
        page.evaluate(async (selector) => {
          const el = document.querySelector(selector);
          for (let i = 0; i < 100 && el; i++) {
            el.scrollTop = el.scrollHeight;
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
        }, tid('log')),
      until: { visible: { selector: `${tid('log-row')}[data-seq="${rows - 1}"]`, within: tid('log') } },
    };
  },
};

/** The timeline when the build has it (its tab is there), else the Log. */
export async function chooseView(page, wanted) {
  if (wanted === 'timeline' || wanted === 'log') return wanted === 'timeline' ? timeline : log;
  return (await page.getByRole('tab', { name: 'Timeline', exact: true }).count()) > 0 ? timeline : log;
}
