// The timeline benchmarks of `npm run bench` (BENCH_ONLY=timeline runs them alone), in
// Chromium against the built bin: opening an earlier session of a million generated events
// (beside the same journal's bytes fetched in the same tab, and a small session opened the same
// way), and a live flood (beside the same tab idle). See docs/benchmarks.md, "Timeline".
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../chromium.mjs';
import { generateSession } from '../journal/generate.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { removeHome, startLens, tempHome } from './lens.mjs';
import { openRound } from './openJournal.mjs';
import { floodRound } from './liveFlood.mjs';
import { report } from './report.mjs';

/** The knobs, from the environment (each documented in docs/benchmarks.md). */
export function timelineKnobs(intEnv, rounds, floodLines) {
  return {
    events: intEnv('BENCH_TL_EVENTS', 1_000_000),
    small: intEnv('BENCH_TL_SMALL', 10_000),
    floodLines: intEnv('BENCH_TL_FLOOD', floodLines),
    rounds: intEnv('BENCH_TL_ROUNDS', rounds),
    idleMs: intEnv('BENCH_TL_IDLE_MS', 3000),
    timeoutMs: intEnv('BENCH_TL_TIMEOUT', 300_000),
    seed: intEnv('BENCH_TL_SEED', 1),
  };
}

/** The median of the numbers that are there (a step that did not finish is NaN, left out). */
const median = (values) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** Per numeric field, the median over rounds. */
const medianOf = (rounds) =>
  Object.fromEntries(
    Object.keys(rounds[0])
      .filter((k) => typeof rounds[0][k] === 'number')
      .map((k) => [k, median(rounds.map((r) => r[k]))]),
  );

export async function runTimelineBench({ root, knobs, log, only = ['open', 'flood'] }) {
  const results = { knobs, chromium: chromiumExecutable() ?? "Playwright's own" };
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  results.chromiumVersion = browser.version();
  try {
    if (only.includes('open')) results.open = await openBench({ root, knobs, log, browser });
    if (only.includes('flood')) results.flood = await floodBench({ root, knobs, log, browser });
  } finally {
    await browser.close();
  }
  return { results, text: report(results) };
}

async function openBench({ root, knobs, log, browser }) {
  const home = tempHome('mcp-lens-bench-timeline-');
  try {
    // Two earlier sessions, a day apart: the big one, and a small one as the size baseline.
    const day = 24 * 3600 * 1000;
    const started = performance.now();
    log(`generating a journal of ${knobs.events.toLocaleString('en-US')} events`);
    const big = await generateSession({ home, events: knobs.events, seed: knobs.seed, startMs: Date.UTC(2026, 10, 30, 9) });
    const generateMs = performance.now() - started;
    const small = await generateSession({ home, events: knobs.small, seed: knobs.seed + 1, startMs: Date.UTC(2026, 10, 30, 9) - day });
    const lens = await startLens(root, home);
    try {
      const bigRounds = [];
      const reopenRounds = [];
      const smallRounds = [];
      const savedFile = path.join(home, 'journal', `${big.session}.index`);
      let savedBytes = NaN;
      for (let r = 0; r < knobs.rounds; r++) {
        // ABBA: the two sizes alternate which goes first, so drift spreads evenly.
        const order = r % 2 === 0 ? ['big', 'small'] : ['small', 'big'];
        for (const which of order) {
          log(`timeline open: round ${r + 1} of ${knobs.rounds}, ${which} session`);
          const journal = which === 'big' ? { census: big, session: big.session } : { census: small, session: small.session };
          if (which === 'small') {
            smallRounds.push(await openRound({ browser, lens, journal, timeoutMs: knobs.timeoutMs, log }));
            continue;
          }
          // The first opening folds the journal and keeps its index; the next opens from it.
          for (const suffix of ['.index', '.index.json', '.index.part']) fs.rmSync(savedFile.replace(/\.index$/, suffix), { force: true });
          bigRounds.push(await openRound({ browser, lens, journal, timeoutMs: knobs.timeoutMs, log, saved: 'keep' }));
          savedBytes = fs.statSync(savedFile).size;
          log(`timeline open: round ${r + 1} of ${knobs.rounds}, big session again, from its saved index`);
          reopenRounds.push(await openRound({ browser, lens, journal, timeoutMs: knobs.timeoutMs, log, saved: 'loaded' }));
        }
      }
      return {
        generateMs,
        journal: {
          events: big.events,
          bytes: big.bytes,
          conns: big.conns.length,
          unspawned: big.oddities.filter((name) => name === 'spawnError').length,
          spanMinutes: (big.tMax - big.tMin) / 60000,
          tags: big.tags,
        },
        small: { events: small.events, bytes: small.bytes },
        view: bigRounds[0].view,
        big: medianOf(bigRounds),
        reopen: medianOf(reopenRounds),
        savedBytes,
        smallMedian: medianOf(smallRounds),
        ratio: {
          firstRowsOverFetch: median(bigRounds.map((b) => b.firstRowsMs / b.fetchMs)),
          indexedOverFetch: median(bigRounds.map((b) => b.indexedMs / b.fetchMs)),
          lintedOverFetch: median(bigRounds.map((b) => b.lintedMs / b.fetchMs)),
          facetBigOverSmall: median(bigRounds.map((b, i) => b.facetMs / smallRounds[i].facetMs)),
          searchBigOverSmall: median(bigRounds.map((b, i) => b.searchMs / smallRounds[i].searchMs)),
          jumpBigOverSmall: median(bigRounds.map((b, i) => b.jumpMs / smallRounds[i].jumpMs)),
          firstRowsBigOverSmall: median(bigRounds.map((b, i) => b.firstRowsMs / smallRounds[i].firstRowsMs)),
          reopenIndexedOverFetch: median(reopenRounds.map((b) => b.indexedMs / b.fetchMs)),
          reopenFirstRowsOverFetch: median(reopenRounds.map((b) => b.firstRowsMs / b.fetchMs)),
        },
        failures: [
          ['big', bigRounds],
          ['big reopened', reopenRounds],
          ['small', smallRounds],
        ].flatMap(([name, rounds]) =>
          rounds.flatMap((r, i) => Object.entries(r.failures).map(([step, why]) => `${name} session, round ${i + 1}, ${step}: ${why}`)),
        ),
        rounds: { big: bigRounds, reopen: reopenRounds, small: smallRounds },
      };
    } finally {
      await lens.stop();
    }
  } finally {
    removeHome(home);
  }
}

async function floodBench({ root, knobs, log, browser }) {
  const rounds = [];
  for (let r = 0; r < knobs.rounds; r++) {
    log(`timeline flood: round ${r + 1} of ${knobs.rounds}`);
    rounds.push(
      await floodRound({
        browser,
        root,
        lines: knobs.floodLines,
        idleMs: knobs.idleMs,
        timeoutMs: knobs.timeoutMs,
        log,
      }),
    );
  }
  const pick = (key) => rounds.map((r) => ({ ...r[key] }));
  return {
    view: rounds[0].view,
    lines: knobs.floodLines,
    idle: medianOf(pick('idle')),
    flood: medianOf(pick('flood')),
    caughtUpMs: median(rounds.map((r) => r.caughtUpMs)),
    eventsIndexed: median(rounds.map((r) => r.eventsIndexed)),
    ratio: {
      p95: median(rounds.map((r) => r.flood.p95Ms / r.idle.p95Ms)),
      max: median(rounds.map((r) => r.flood.maxMs / r.idle.maxMs)),
    },
    worstMaxMs: Math.max(...rounds.map((r) => r.flood.maxMs)),
    clicks: {
      medianMs: median(rounds.map((r) => r.clicks.medianMs)),
      worstMs: Math.max(...rounds.map((r) => r.clicks.maxMs)),
      sent: rounds.reduce((n, r) => n + r.clicks.sent, 0),
      answered: rounds.reduce((n, r) => n + r.clicks.answered, 0),
    },
    rounds,
  };
}
