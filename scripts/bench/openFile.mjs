// Benchmark 8 of `npm run bench` (BENCH_ONLY=openfile): a session file of about 100 MB opened
// from the page's file input, as a user picks one. The app reads and checks it in a worker; what
// the page's own thread does meanwhile is the figure: its longest task (the Long Tasks API), set
// beside the baseline in the same tab, JSON.parse of the same file's text on that thread (what
// folding the file in the page would cost at the least). Also the time to the archive banner and
// to every event indexed, against that parse. See docs/benchmarks.md, "8. Open a session file".
/* global window, document, MutationObserver -- the functions given to page.evaluate run in the tab */
import fs from 'node:fs';
import path from 'node:path';
import { generateJournal } from './journal/generate.mjs';
import { removeHome, startLens, tempHome } from './timeline/lens.mjs';

/**
 * Writes a session file of `events` generated journal events (an export's shape, one event a
 * line) under `dir`; returns its path and size.
 */
export async function writeSessionFile(dir, events) {
  const journal = path.join(dir, 'big.jsonl');
  await generateJournal({ file: journal, events });
  const lines = fs
    .readFileSync(journal, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  fs.rmSync(journal);
  const head = {
    format: 'mcp-lens-session',
    version: 1,
    createdAt: '2026-12-01T00:00:00.000Z',
    producer: { name: 'mcp-lens', version: '0.1.0' },
    connections: [],
  };
  const file = path.join(dir, 'big.mcplens.json');
  fs.writeFileSync(file, `${JSON.stringify(head).slice(0, -1)},"events":[\n${lines.join(',\n')}\n]}\n`);
  return { file, bytes: fs.statSync(file).size };
}

/** Starts watching the tab's main thread: the longest task since, and the progress texts shown. */
function watchMainThread() {
  const w = window;
  w.__openBench = { longest: 0, seen: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__openBench.longest = Math.max(w.__openBench.longest, entry.duration);
  }).observe({ type: 'longtask' });
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid="open-progress"]')?.textContent;
    if (text && w.__openBench.seen.at(-1) !== text) w.__openBench.seen.push(text);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

/** The baseline: the chosen file's text parsed whole on the tab's own thread. */
async function parseOnMainThread(selector) {
  const file = document.querySelector(selector).files[0];
  const text = await file.text();
  // Long tasks are reported after they end: let the observer see the read before the parse.
  await new Promise((resolve) => setTimeout(resolve, 50));
  window.__openBench.longest = 0;
  const t0 = performance.now();
  const parsed = JSON.parse(text);
  const ms = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { ms, longest: window.__openBench.longest, events: parsed.events.length };
}

/** One round in a fresh tab: the baseline parse, then the file opened through the app. */
async function openFileRound({ browser, lens, file, events, timeoutMs }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(lens.url);
    await page.getByTestId('socket-status').filter({ hasText: 'bridge connected' }).waitFor({ timeout: timeoutMs });
    await page.evaluate(watchMainThread);

    // The baseline, through an input of its own so the app never sees the file.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'bench-baseline-input';
      document.body.append(input);
    });
    await page.setInputFiles('#bench-baseline-input', file);
    const baseline = await page.evaluate(parseOnMainThread, '#bench-baseline-input');
    if (baseline.events !== events) throw new Error(`the baseline parsed ${baseline.events} events, not ${events}`);
    await page.evaluate(() => {
      document.getElementById('bench-baseline-input')?.remove();
      window.__openBench.longest = 0;
      window.__openBench.seen = [];
    });

    const started = performance.now();
    await page.getByTestId('open-session-file').setInputFiles(file);
    await page
      .getByTestId('archive-banner')
      .filter({ hasText: `${events} events` })
      .waitFor({ timeout: timeoutMs });
    const openedMs = performance.now() - started;
    await page.waitForFunction(
      (want) => {
        const stats = document.querySelector('[data-testid="timeline-stats"]');
        const n = (name) => Number(stats?.getAttribute(`data-${name}`));
        return stats?.getAttribute('data-complete') === 'true' && n('indexed') === n('total') && n('total') >= want;
      },
      events,
      { timeout: timeoutMs, polling: 100 },
    );
    const indexedMs = performance.now() - started;
    const { longest, seen } = await page.evaluate(() => window.__openBench);
    return { parseMs: baseline.ms, parseLongestMs: baseline.longest, openedMs, indexedMs, longestMs: longest, progressTexts: seen.length };
  } finally {
    await context.close();
  }
}

export async function runOpenFileBench({ root, events, rounds, timeoutMs, log }) {
  const { chromium } = await import('@playwright/test');
  const { CHROMIUM_ARGS, chromiumExecutable } = await import('../chromium.mjs');
  const dir = tempHome('mcp-lens-bench-openfile-');
  const home = tempHome('mcp-lens-bench-openfile-home-');
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    log(`open file: generating a session file of ${events.toLocaleString('en-US')} events`);
    const { file, bytes } = await writeSessionFile(dir, events);
    const lens = await startLens(root, home);
    try {
      const results = [];
      for (let r = 0; r < rounds; r++) {
        log(`open file: round ${r + 1} of ${rounds}`);
        results.push(await openFileRound({ browser, lens, file, events, timeoutMs }));
      }
      return { events, bytes, rounds: results };
    } finally {
      await lens.stop();
    }
  } finally {
    await browser.close();
    removeHome(dir);
    removeHome(home);
  }
}
