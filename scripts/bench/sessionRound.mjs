// One round of the session-model benchmark, run by scripts/bench.mjs in a fresh process so
// that every round starts from the same clean heap (a round leaves ~1 GB of garbage behind,
// and collecting it would land in the next round's figures).
//
//   node scripts/bench/sessionRound.mjs <events> <chunk>
//
// Prints one JSON line: per chunk of events, the wall time of the baseline (JSON.parse of each
// stdin and stdout line's text) and of the model (ExchangeTracker.apply + Linter.apply), the garbage collection
// time that fell inside each model chunk, and the process CPU time of both in total.
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSessionEvents } from './sessionEvents.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = (rel) => import(pathToFileURL(path.join(root, 'dist', 'node', rel)).href);
const { ExchangeTracker } = await dist('protocol/exchanges.js');
const { Linter } = await dist('protocol/lint/index.js');

const total = Number(process.argv[2]);
const chunk = Number(process.argv[3]);
const now = () => performance.now();

const gcs = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcs.push({ start: entry.startTime, duration: entry.duration });
});
observer.observe({ entryTypes: ['gc'] });

let t0 = now();
const { events, census } = buildSessionEvents(total);
const buildMs = now() - t0;
// The baseline parses what the model has to parse: the JSON-RPC lines (stdin and stdout).
// stderr lines are never parsed by the model, and a JSON.parse that throws costs several
// microseconds, so counting them would inflate the baseline by a third.
const jsonLines = (list) => list.map((e) => (e.kind === 'line' && e.stream !== 'stderr' && e.text !== undefined ? e.text : undefined));
const texts = jsonLines(events);

let sink = 0;
const cpuMs = (usage) => (usage.user + usage.system) / 1000;
function parseRange(list, from, to) {
  const start = now();
  for (let i = from; i < to; i++) {
    const text = list[i];
    if (text === undefined) continue;
    if (JSON.parse(text) !== null) sink++;
  }
  return now() - start;
}
function modelRange(tracker, linter, list, from, to) {
  const start = now();
  for (let i = from; i < to; i++) {
    const event = list[i];
    linter.apply(event, tracker.apply(event));
  }
  return now() - start;
}

// Warm both paths up on a separate, smaller session so the first timed chunk is not all JIT.
const warm = buildSessionEvents(Math.min(50_000, total)).events;
parseRange(jsonLines(warm), 0, warm.length);
modelRange(new ExchangeTracker(), new Linter(), warm, 0, warm.length);

const ranges = [];
for (let from = 0; from < total; from += chunk) ranges.push([from, Math.min(total, from + chunk)]);
// Baseline and model alternate chunk by chunk, so that a chunk's two figures see the same
// machine (other processes come and go) and their ratio stays meaningful.
const tracker = new ExchangeTracker();
const linter = new Linter();
const windows = [];
const baselineChunkMs = [];
const modelChunkMs = [];
let baselineCpuMs = 0;
let modelCpuMs = 0;
for (const [from, to] of ranges) {
  let cpu = process.cpuUsage();
  baselineChunkMs.push(parseRange(texts, from, to));
  baselineCpuMs += cpuMs(process.cpuUsage(cpu));
  cpu = process.cpuUsage();
  const start = now();
  modelChunkMs.push(modelRange(tracker, linter, events, from, to));
  windows.push([start, now()]);
  modelCpuMs += cpuMs(process.cpuUsage(cpu));
}

// GC entries arrive asynchronously; give the observer a turn before reading them.
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
const modelGcMs = windows.map(([a, b]) => gcs.filter((g) => g.start >= a && g.start < b).reduce((s, g) => s + g.duration, 0));

let progressSteps = 0;
const exchangeStatuses = {};
for (const exchange of tracker.exchanges.values()) {
  progressSteps += exchange.progress.length;
  exchangeStatuses[exchange.status] = (exchangeStatuses[exchange.status] ?? 0) + 1;
}
const sum = (values) => values.reduce((a, b) => a + b, 0);
process.stdout.write(
  `${JSON.stringify({
    census,
    buildMs,
    baselineMs: sum(baselineChunkMs),
    modelMs: sum(modelChunkMs),
    modelGcMs: sum(modelGcMs),
    baselineCpuMs,
    modelCpuMs,
    baselineChunkMs,
    modelChunkMs,
    modelGcChunkMs: modelGcMs,
    exchanges: tracker.exchanges.size,
    exchangeStatuses,
    progressSteps,
    findings: linter.findings.length,
    heapUsedMB: process.memoryUsage().heapUsed / 1024 / 1024,
    sink,
  })}\n`,
);
