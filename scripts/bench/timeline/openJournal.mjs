// One round of "open an earlier session of N events from the sidebar", in a fresh tab:
//   baseline: the same journal's bytes fetched and read to the end in that tab;
//   then, from the click on the session: first rows shown, every event indexed; a method
//   facet applied; a text search applied; the end of the list reached; the JS heap at its
//   peak and, after a collection, what the session keeps (tab and workers).
/* global window, document -- the functions given to page.evaluate run in the tab */
import { installProbes, timeInteraction } from './probes.mjs';
import { heapProbe } from './heap.mjs';
import { timeline as view } from './views.mjs';

/** The method whose rows the facet benchmark keeps: one row per request, nothing nested. */
export const FACET_METHOD = 'resources/read';

/**
 * `saved`: what the round expects of the session's saved index (ADR 7): 'keep' (none yet: the
 * journal is folded, and the round ends once its index is kept) or 'loaded' (opened from it).
 * Absent for a journal too small to have one.
 */
export async function openRound({ browser, lens, journal, timeoutMs, log, saved }) {
  const { census, session } = journal;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(lens.url);
    await page.getByTestId('socket-status').filter({ hasText: 'bridge connected' }).waitFor({ timeout: timeoutMs });
    await page.evaluate(installProbes);
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
      until: { firstRows: view.firstRows(session), indexed: view.indexed(census.events), linted: view.linted(census.events) },
      act: async () => {
        await button.click();
        await view.showArchive(page);
      },
      timeoutMs,
    });
    const peak = await peaks();
    const rows = await view.rowCount(page);
    const stats = page.getByTestId('timeline-stats');
    if (saved === 'loaded' && (await stats.getAttribute('data-saved')) !== 'loaded')
      throw new Error(`the session was not opened from its saved index (data-saved=${await stats.getAttribute('data-saved')})`);
    let keptMs = NaN;
    if (saved === 'keep') {
      // Kept once lint is done: the next round opens from it. The steps below are timed after
      // that, on a session at rest, as they were before indexes were kept.
      const keepStarted = performance.now();
      await page.waitForFunction(
        () => ['saved', 'failed'].includes(document.querySelector('[data-testid="timeline-stats"]')?.getAttribute('data-saved') ?? ''),
        undefined,
        { timeout: timeoutMs, polling: 200 },
      );
      if ((await stats.getAttribute('data-saved')) !== 'saved')
        throw new Error(`the index was not kept: ${await page.getByRole('alert').allTextContents()}`);
      keptMs = performance.now() - keepStarted;
    }

    // A step that does not finish is reported (with what the page showed) and the round goes
    // on when its filter can still be cleared: one stuck step does not hide the others' figures.
    const failures = {};
    let usable = true;
    const timeStep = async (name, step) => {
      if (!usable) {
        failures[name] = 'not measured: an earlier step left the list filtered';
        return NaN;
      }
      let done;
      try {
        if (step.prepare) await timeInteraction(page, { until: { ready: step.prepare.until }, act: step.prepare.act, timeoutMs });
        done = (await timeInteraction(page, { trigger: step.trigger, until: { done: step.until }, act: step.act, timeoutMs })).done.toShown;
      } catch (error) {
        failures[name] = `${error.message}; the page then: ${JSON.stringify(await pageState(page, view))}`;
        log(`${name}: ${failures[name]}`);
        done = NaN;
      }
      if (step.clear) {
        try {
          await timeInteraction(page, { until: { unfiltered: view.unfiltered() }, act: step.clear, timeoutMs });
        } catch (error) {
          usable = false;
          failures[`${name} (clearing)`] = error.message;
        }
      }
      return done;
    };
    const expectedMethodRows = census.tags[`method:${FACET_METHOD}`];
    const facetMs = await timeStep('method facet', view.methodFilter(page, FACET_METHOD, expectedMethodRows, rows));
    const searchMs = await timeStep('text search', view.search(page, census.needle, 1, rows));
    const jumpMs = await timeStep('jump to the end', view.jumpToEnd(page, rows));
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
      lintedMs: opened.linted.toShown,
      keptMs,
      facetMs,
      facetRows: expectedMethodRows,
      searchMs,
      jumpMs,
      idleHeapMB: idleHeap.pageMB + idleHeap.workerMB,
      peakPageMB: peak.pageMB,
      peakWorkerMB: peak.workerMB,
      peakHeapMB: peak.totalMB,
      keptPageMB: kept.pageMB,
      keptWorkerMB: kept.workerMB,
      keptHeapMB: kept.pageMB + kept.workerMB,
      workers: kept.workers,
      failures,
    };
  } finally {
    await context.close();
  }
}

/** What the list showed when a step did not finish: for the error message. */
function pageState(page, view) {
  return page
    .evaluate(
      ({ row, list }) => {
        const stats = document.querySelector('[data-testid="timeline-stats"]');
        const box = document.querySelector(list)?.getBoundingClientRect();
        const rows = [...document.querySelectorAll(row)];
        const describe = (el) => {
          const b = el.getBoundingClientRect();
          return `${el.getAttribute('data-row')}@${Math.round(b.top)}-${Math.round(b.bottom)}${el.getAttribute('aria-selected') === 'true' ? '*' : ''}`;
        };
        return {
          stats: stats
            ? Object.fromEntries([...stats.attributes].filter((a) => a.name.startsWith('data-')).map((a) => [a.name, a.value]))
            : null,
          list: box ? [Math.round(box.top), Math.round(box.bottom)] : null,
          rows: rows.length,
          first: rows.slice(0, 2).map(describe),
          last: rows.slice(-3).map(describe),
          focus: document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName,
        };
      },
      { row: view.row, list: view.list },
    )
    .catch((e) => e.message);
}
