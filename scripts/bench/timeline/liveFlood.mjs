// One round of "a live flood of notifications while the list is on screen", in a fresh bridge
// and tab: requestAnimationFrame gaps are sampled first with the page idle (the baseline, same
// tab, same view), then from the click on Connect (e2e/fixtures/flood.mjs, launched without
// the opening requests) until the page has indexed the flood's last line. Meanwhile the theme
// toggle is clicked every CLICK_EVERY_MS: how long from the input event to the next frame that
// shows the new theme is what a user waits for a click during a flood.
/* global window, document, Element, requestAnimationFrame -- the functions given to page.evaluate run in the tab */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findInJournalTail, removeHome, startLens, tempHome } from './lens.mjs';
import { frameFigures, installProbes, timeInteraction } from './probes.mjs';
import { timeline as view } from './views.mjs';

const CLICK_EVERY_MS = 400;

/** In the tab: times each click on the theme toggle from its input event to the frame after the theme changed. */
function installClickProbe() {
  window.__lensClicks = [];
  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('button[aria-label^="Switch to"]')) return;
      const before = document.documentElement.dataset.theme;
      const input = event.timeStamp;
      const check = () => {
        if (document.documentElement.dataset.theme === before) return requestAnimationFrame(check);
        requestAnimationFrame(() => window.__lensClicks.push(performance.now() - input));
      };
      requestAnimationFrame(check);
    },
    true,
  );
}

export async function floodRound({ browser, root, lines, idleMs, timeoutMs, log }) {
  const home = tempHome('mcp-lens-bench-flood-');
  const lens = await startLens(root, home);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(lens.url);
    await page.getByTestId('socket-status').filter({ hasText: 'bridge connected' }).waitFor({ timeout: timeoutMs });
    await page.evaluate(installProbes);
    await page.evaluate(installClickProbe);
    const toggle = await page.getByRole('button', { name: /^Switch to (light|dark) theme$/ }).boundingBox();
    await view.showLive(page);

    // The baseline: the same tab showing the same (empty) view, with nothing arriving, once
    // the app has done its start-up work (frames have been short for half a second).
    const settled = await page.evaluate(() => window.__lensBench.settle());
    if (!settled.settled) log(`the idle tab still had long frames after ${Math.round(settled.ms)} ms; sampling anyway`);
    await page.evaluate(() => window.__lensBench.startFrames());
    await sleep(idleMs);
    const idle = frameFigures(await page.evaluate(() => window.__lensBench.stopFrames()));

    await page.getByLabel('Command').fill(process.execPath);
    await page.getByLabel(/^Arguments/).fill(path.join(root, 'e2e', 'fixtures', 'flood.mjs'));
    await page.getByLabel(/^Environment/).fill(`FLOOD_LINES=${lines}`);
    await page.getByRole('radio', { name: 'Handshake' }).check();
    await page.getByRole('checkbox', { name: /^Send the opening requests/ }).setChecked(false);
    log(`flood of ${lines.toLocaleString('en-US')} lines (${view.name})`);
    await page.evaluate(() => window.__lensBench.startFrames());

    await page.evaluate(() => window.__lensBench.mark('connect', { events: ['click'], selector: 'button' }));
    await page.getByRole('button', { name: 'Connect', exact: true }).click();

    // The flood's last line, once journaled, says how far the page must index.
    const journal = await lens.liveJournal();
    const lastLine = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":{"n":${lines - 1},`;
    const deadline = Date.now() + timeoutMs;
    let last;
    let nextClick = Date.now() + CLICK_EVERY_MS;
    let clicks = 0;
    while (last === undefined) {
      if (Date.now() > deadline) throw new Error(`the flood's last line was not journaled within ${timeoutMs} ms`);
      await sleep(100);
      if (toggle && Date.now() >= nextClick) {
        // Not awaited: the click is an input event; the probe in the tab times its answer.
        void page.mouse.click(toggle.x + toggle.width / 2, toggle.y + toggle.height / 2).catch(() => undefined);
        clicks++;
        nextClick = Date.now() + CLICK_EVERY_MS;
      }
      last = findInJournalTail(journal, lastLine, (e) => e.stream === 'stdout');
    }
    const caughtUp = await timeInteraction(page, { until: { all: view.indexedAtLeast(last.seq + 1) }, act: async () => {}, timeoutMs });
    const clickMs = (await page.evaluate(() => window.__lensClicks)).sort((a, b) => a - b);
    const clickedAt = await page.evaluate(() => window.__lensBench.markedAt('connect'));
    const flood = frameFigures(await page.evaluate(() => window.__lensBench.stopFrames()));
    return {
      view: view.name,
      lines,
      eventsIndexed: last.seq + 1,
      caughtUpMs: caughtUp.all.shownAt - clickedAt,
      idle,
      flood,
      clicks: { sent: clicks, answered: clickMs.length, medianMs: clickMs[clickMs.length >> 1] ?? NaN, maxMs: clickMs.at(-1) ?? NaN },
    };
  } finally {
    await context.close();
    await lens.stop();
    removeHome(home);
  }
}
