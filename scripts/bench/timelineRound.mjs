// The timeline index in Node, by hand (not part of `npm run bench`, whose Chromium figures the
// benchmark work wires in): fold N synthetic journal lines (JSON.parse, the event check and the
// fold, as the worker does), then the answers the views ask for over the result.
//
//   node --expose-gc scripts/bench/timelineRound.mjs [events=1000000]
//
// Needs dist/node (node scripts/build.mjs). Prints one JSON line of figures (ms, MB).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSessionEvents } from './sessionEvents.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = (rel) => import(pathToFileURL(path.join(root, 'dist', 'node', rel)).href);
const { TimelineIndex } = await dist('protocol/timeline/timelineIndex.js');
const { parseEventText } = await dist('protocol/timeline/eventLine.js');
const { EMPTY_FILTER } = await dist('protocol/timeline/contract.js');

const total = Number(process.argv[2] ?? 1_000_000);
const BLOCK = 1_000_000;
const now = () => performance.now();
const gc = () => globalThis.gc?.();
const mb = (bytes) => Math.round(bytes / 1024 / 1024);

// One block of a million events, serialized as journal lines; later blocks are the same lines
// with seq and t moved on (the session goes on with the same traffic).
const block = buildSessionEvents(Math.min(BLOCK, total)).events;
const span = block[block.length - 1].t - block[0].t + 1;
function linesOf(b) {
  const out = new Array(block.length);
  for (let i = 0; i < block.length; i++) out[i] = JSON.stringify({ ...block[i], seq: block[i].seq + b * BLOCK, t: block[i].t + b * span });
  return out;
}

// The baseline, on the same machine in the same minute: JSON.parse of each journal line alone,
// the least any reader of the journal must spend. (A shared machine's load moves absolute
// figures many times over; the ratio travels.)
const baseLines = linesOf(0).slice(0, Math.min(total, 200_000));
let sink = 0;
const cpuMs = (since) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const tb = now();
const cb = process.cpuUsage();
for (const line of baseLines) if (JSON.parse(line) !== null) sink++;
const baselineUsPerEvent = ((now() - tb) * 1000) / baseLines.length;
const baselineCpuUsPerEvent = (cpuMs(cb) * 1000) / baseLines.length;

gc();
const heapBefore = process.memoryUsage().heapUsed;
const index = new TimelineIndex();
let foldMs = 0;
let foldCpuMs = 0;
let folded = 0;
for (let b = 0; folded < total; b++) {
  const lines = linesOf(b);
  const n = Math.min(lines.length, total - folded);
  const t0 = now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const parsed = parseEventText(lines[i]);
    if (parsed.ok) index.apply(parsed.event);
    else index.applyMalformed(lines[i]);
  }
  foldCpuMs += cpuMs(c0);
  foldMs += now() - t0;
  folded += n;
}
gc();
const mem = process.memoryUsage();
const sort = { column: 'time', descending: false };
// Wall time, and CPU time beside it in cpu (a loaded machine keeps a process waiting for a
// core; CPU time is what the work itself cost).
const cpu = {};
const timed = (fn, name) => {
  const t0 = now();
  const c0 = process.cpuUsage();
  const value = fn();
  if (name) cpu[name] = Math.round(cpuMs(c0));
  return [now() - t0, value];
};
const stats = () => index.stats({ epoch: 1, complete: true });
const [firstWindowMs] = timed(() => index.window(0, 100), 'firstWindow');
const rows = stats().rows;
const [jumpEndMs] = timed(() => index.window(rows - 100, 100), 'jumpEnd');
const [statusFilterMs] = timed(() => index.setFilter({ ...EMPTY_FILTER, statuses: ['ok'] }, sort), 'statusFilter');
const okRows = stats().matching;
const [methodFilterMs] = timed(() => index.setFilter({ ...EMPTY_FILTER, kinds: ['stderr'] }, sort), 'methodFilter');
const [textSearchMs] = timed(() => index.setFilter({ ...EMPTY_FILTER, text: 'hello 4242 from' }, sort), 'textSearch');
const textRows = stats().matching;
const [textNarrowMs] = timed(() => index.setFilter({ ...EMPTY_FILTER, text: 'hello 4242 from c2' }, sort), 'textNarrow');
const [textMissMs] = timed(() => index.setFilter({ ...EMPTY_FILTER, text: 'no such text anywhere' }, sort), 'textMiss');
const [clearMs] = timed(() => index.setFilter(EMPTY_FILTER, sort), 'clear');
const [sortDurationMs] = timed(() => index.setFilter(EMPTY_FILTER, { column: 'duration', descending: true }), 'sortDuration');
const [sortMethodMs] = timed(() => index.setFilter(EMPTY_FILTER, { column: 'method', descending: false }), 'sortMethod');
const [windowSortedMs] = timed(() => index.window(Math.floor(rows / 2), 100), 'windowSorted');
const lastRow = rows - 1;
const [positionMs, position] = timed(() => index.position(lastRow), 'position');
const [rowOfMs] = timed(() => index.rowOf(total - 1), 'rowOf');
const tMax = stats().tMax;
const [spansMs, spans] = timed(() => index.spans(tMax - 5_000, tMax, 2_000), 'spans');
// Live appends while sorted by method: events keep coming after the big sort.
const more = linesOf(Math.ceil(total / BLOCK)).slice(0, 10_000);
const [append10kSortedMs] = timed(() => {
  for (const line of more) {
    const parsed = parseEventText(line);
    if (parsed.ok) index.apply(parsed.event);
  }
  return index.window(0, 100);
});

process.stdout.write(
  `${JSON.stringify({
    events: total,
    rows,
    foldMs: Math.round(foldMs),
    eventsPerSec: Math.round(total / (foldMs / 1000)),
    foldUsPerEvent: (foldMs * 1000) / total,
    foldCpuMs: Math.round(foldCpuMs),
    foldCpuUsPerEvent: (foldCpuMs * 1000) / total,
    baselineCpuUsPerEvent,
    foldCpuOverBaseline: (foldCpuMs * 1000) / total / baselineCpuUsPerEvent,
    cpuMs: cpu,
    baselineUsPerEvent,
    foldOverBaseline: (foldMs * 1000) / total / baselineUsPerEvent,
    loadAverage: (await import('node:os')).loadavg()[0],
    sink,
    heapUsedMB: mb(mem.heapUsed),
    heapGrowthMB: mb(mem.heapUsed - heapBefore),
    rssMB: mb(mem.rss),
    arrayBuffersMB: mb(mem.arrayBuffers),
    firstWindowMs,
    jumpEndMs,
    statusFilterMs,
    okRows,
    kindFilterMs: methodFilterMs,
    textSearchMs,
    textRows,
    textNarrowMs,
    textMissMs,
    clearMs,
    sortDurationMs,
    sortMethodMs,
    windowSortedMs,
    positionMs,
    position,
    rowOfMs,
    spansMs,
    spans: spans.length,
    append10kSortedMs,
  })}\n`,
);
