// One round of "open an earlier session of N events from the sidebar", in a fresh tab:
//   baseline: the same journal's bytes fetched and read to the end in that tab;
//   then, from the click on the session: first rows shown, every event indexed; a method
//   facet applied; a text search applied; the end of the list reached; the JS heap at its
//   peak and, after a collection, what the session keeps (tab and workers).
/* global window -- the functions given to page.evaluate run in the tab */
import { installProbes, timeInteraction } from './probes.mjs';
import { heapProbe } from './heap.mjs';
import { chooseView } from './views.mjs';

/** The method whose rows the facet benchmark keeps: one row per request, nothing nested. */
export const FACET_METHOD = 'resources/read';

export async function openRound({ browser, lens, journal, wantedView, timeoutMs, log }) {
  const { census, session } = journal;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(lens.url);
    await page.getByTestId('socket-status').filter({ hasText: 'bridge connected' }).waitFor({ timeout: timeoutMs });
    await page.evaluate(installProbes);
    const view = await chooseView(page, wantedView);
    const heap = await heapProbe(page);
    const idleHeap = await heap.settled();

    const fetched = await page.evaluate(({ url, token }) => window.__lensBench.fetchBytes(url, token), {
      url: `/api/sessions/${session}/journal`,
      token: lens.token,
    });
    if (fetched.bytes !== census.bytes) throw new Error(`fetched ${fetched.bytes} bytes of the journal, not ${census.bytes}`);

    const button = page.getByTestId('past-sessions').getByRole('button', { name: session, exact: true });
    await button.waitFor({ timeout: timeoutMs });
    log(`open ${census.events.toLocaleString('en-US')} events (${view.name})`);
    const peaks = heap.watchPeaks();
    const opened = await timeInteraction(page, {
      trigger: { events: ['click'], selector: '[data-testid="past-sessions"]' },
      until: { firstRows: view.firstRows(session), indexed: view.indexed(census.events) },
      act: async () => {
        await button.click();
        await view.showArchive(page);
      },
      timeoutMs,
    });
    const peak = await peaks();
    const rows = await view.rowCount(page);

    const timeStep = async (step) => {
      if (step.prepare) await timeInteraction(page, { until: { ready: step.prepare.until }, act: step.prepare.act, timeoutMs });
      const r = await timeInteraction(page, { trigger: step.trigger, until: { done: step.until }, act: step.act, timeoutMs });
      if (step.clear) await timeInteraction(page, { until: { unfiltered: view.unfiltered() }, act: step.clear, timeoutMs });
      return r.done;
    };
    const expectedMethodRows = census.tags[`method:${FACET_METHOD}`];
    const facet = await timeStep(view.methodFilter(page, FACET_METHOD, expectedMethodRows, rows));
    const search = await timeStep(view.search(page, census.needle, 1, rows));
    const jump = await timeStep(view.jumpToEnd(page, rows));
    const kept = await heap.settled();
    await heap.detach();
    return {
      view: view.name,
      events: census.events,
      bytes: census.bytes,
      rows,
      fetchMs: fetched.ms,
      firstRowsMs: opened.firstRows.toShown,
      indexedMs: opened.indexed.toShown,
      facetMs: facet.toShown,
      facetRows: expectedMethodRows,
      searchMs: search.toShown,
      jumpMs: jump.toShown,
      idleHeapMB: idleHeap.pageMB + idleHeap.workerMB,
      peakPageMB: peak.pageMB,
      peakWorkerMB: peak.workerMB,
      peakHeapMB: peak.totalMB,
      keptPageMB: kept.pageMB,
      keptWorkerMB: kept.workerMB,
      keptHeapMB: kept.pageMB + kept.workerMB,
      workers: kept.workers,
    };
  } finally {
    await context.close();
  }
}
