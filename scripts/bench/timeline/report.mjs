// The timeline benchmarks' part of the report: each figure beside its baseline, the ratio, and
// the issue's goal with a verdict.

/** The goals of issue 9 (ms, MB). */
export const GOALS = {
  firstRowsMs: 1000,
  indexedMs: 5000,
  facetMs: 300,
  searchMs: 300,
  jumpMs: 300,
  heapMB: 1024,
  p95Ms: 50,
  clickMs: 100,
};

const int = (v) => (v === undefined || Number.isNaN(v) ? '—' : Math.round(v).toLocaleString('en-US'));
const f1 = (v) => (v === undefined || Number.isNaN(v) ? '—' : v.toFixed(1));
const ratio = (v) => (v === undefined || Number.isNaN(v) ? '—' : `${v.toFixed(2)}×`);
const verdict = (value, goal) => (Number.isNaN(value) ? 'not measured' : value < goal ? `< ${int(goal)} ✓` : `< ${int(goal)} ✗ MISSED`);

function table(title, header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => String(row[i]).length)));
  const render = (row) => row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [title, render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(render), ''].join('\n');
}

export function report(results) {
  const out = [];
  const { open, flood, knobs } = results;
  const rounds = knobs.rounds === 1 ? '1 round' : `${knobs.rounds} rounds`;
  if (open) {
    const b = open.big;
    const o = open.reopen;
    const s = open.smallMedian;
    out.push(
      table(
        `4. Timeline: an earlier session of ${int(open.journal.events)} events (${f1(open.journal.bytes / 2 ** 20)} MB) opened from the sidebar, in the ${open.view} (ms; median of ${rounds})`,
        ['figure', `${int(open.journal.events)} events`, 'baseline', 'ratio', 'goal'],
        [
          ['journal bytes fetched and read in the tab', int(b.fetchMs), '', '', ''],
          [
            'click to first rows shown',
            int(b.firstRowsMs),
            `fetch ${int(b.fetchMs)}`,
            ratio(open.ratio.firstRowsOverFetch),
            verdict(b.firstRowsMs, GOALS.firstRowsMs),
          ],
          [
            'click to every event indexed',
            int(b.indexedMs),
            `fetch ${int(b.fetchMs)}`,
            ratio(open.ratio.indexedOverFetch),
            verdict(b.indexedMs, GOALS.indexedMs),
          ],
          [
            'opened again, from its saved index: click to first rows',
            int(o.firstRowsMs),
            `fetch ${int(o.fetchMs)}`,
            ratio(open.ratio.reopenFirstRowsOverFetch),
            verdict(o.firstRowsMs, GOALS.firstRowsMs),
          ],
          [
            'opened again, from its saved index: click to every event indexed and linted',
            int(o.indexedMs),
            `fetch ${int(o.fetchMs)}`,
            ratio(open.ratio.reopenIndexedOverFetch),
            verdict(o.indexedMs, GOALS.indexedMs),
          ],
          [
            'click to every event linted (findings complete; lint runs beside the index)',
            int(b.lintedMs),
            `fetch ${int(b.fetchMs)}`,
            ratio(open.ratio.lintedOverFetch),
            '',
          ],
          [
            `method facet (${int(b.facetRows)} rows match)`,
            int(b.facetMs),
            `${int(open.small.events)} events: ${int(s.facetMs)}`,
            ratio(open.ratio.facetBigOverSmall),
            verdict(b.facetMs, GOALS.facetMs),
          ],
          [
            'text search (1 row matches)',
            int(b.searchMs),
            `${int(open.small.events)} events: ${int(s.searchMs)}`,
            ratio(open.ratio.searchBigOverSmall),
            verdict(b.searchMs, GOALS.searchMs),
          ],
          [
            `jump to the end (row ${int(b.rows)})`,
            int(b.jumpMs),
            `${int(open.small.events)} events: ${int(s.jumpMs)}`,
            ratio(open.ratio.jumpBigOverSmall),
            verdict(b.jumpMs, GOALS.jumpMs),
          ],
          [
            'JS heap at its peak, tab + workers (MB)',
            int(b.peakHeapMB),
            `app idle: ${int(b.idleHeapMB)}`,
            '',
            verdict(b.peakHeapMB, GOALS.heapMB),
          ],
          ['JS heap kept after a collection (MB)', int(b.keptHeapMB), `${int(open.small.events)} events: ${int(s.keptHeapMB)}`, '', ''],
        ],
      ) +
        `heap split: tab ${int(b.keptPageMB)} MB and workers ${int(b.keptWorkerMB)} MB kept (peaks ${int(b.peakPageMB)} and ${int(b.peakWorkerMB)} MB; ${b.workers} worker(s) seen); ` +
        `the saved index: ${f1(open.savedBytes / 2 ** 20)} MB beside the journal's ${f1(open.journal.bytes / 2 ** 20)} MB, kept ${int(b.keptMs)} ms after lint was done; opened from it, the search took ${int(o.searchMs)} ms, the facet ${int(o.facetMs)} ms, the jump ${int(o.jumpMs)} ms, the heap peaked at ${int(o.peakHeapMB)} MB\n` +
        `${int(b.rows)} rows from ${int(open.journal.events)} events; the small session's first rows in ${int(s.firstRowsMs)} ms, indexed in ${int(s.indexedMs)} ms\n` +
        (open.failures.length > 0 ? `steps that did not finish:\n${open.failures.map((f) => `  ${f}`).join('\n')}\n` : '') +
        `the journal: ${open.journal.conns} connections (${open.journal.unspawned} of them could not be spawned) over ${f1(open.journal.spanMinutes)} minutes, generated in ${f1(open.generateMs / 1000)} s\n`,
    );
  }
  if (flood) {
    const i = flood.idle;
    const x = flood.flood;
    out.push(
      table(
        `5. Timeline: a live flood of ${int(flood.lines)} notifications with the ${flood.view} on screen (rAF frame lengths, ms; median of ${rounds})`,
        ['figure', 'flood', 'idle (same tab)', 'ratio', 'goal'],
        [
          ['95th percentile frame', f1(x.p95Ms), f1(i.p95Ms), ratio(flood.ratio.p95), verdict(x.p95Ms, GOALS.p95Ms)],
          ['longest frame', f1(x.maxMs), f1(i.maxMs), ratio(flood.ratio.max), `worst round ${f1(flood.worstMaxMs)}`],
          ['median frame', f1(x.p50Ms), f1(i.p50Ms), '', ''],
          ['frames per second', f1(x.fps), f1(i.fps), '', ''],
          ['frames over 50 ms', int(x.over50), int(i.over50), '', ''],
        ],
      ) +
        `from the click on Connect until every one of ${int(flood.eventsIndexed)} events was indexed: ${int(flood.caughtUpMs)} ms\n` +
        `clicks on the theme toggle during the flood, input to the frame that shows it: median ${int(flood.clicks.medianMs)} ms, worst ${int(flood.clicks.worstMs)} ms ` +
        `(${flood.clicks.answered} of ${flood.clicks.sent} timed; median ${verdict(flood.clicks.medianMs, GOALS.clickMs)})\n`,
    );
  }
  return out.join('\n');
}
