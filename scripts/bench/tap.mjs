// Benchmark 10: what `mcp-lens tap` costs a host (issue 26: "no added delay worth measuring").
// The bench is the host: it spawns a server either directly or as `bin.js tap -- node server`,
// the way a host's config runs it, and times what a host sees on its own pipes.
//
//   - round trip: sequential tools/call echo requests to the demo server, each written once the
//     previous answer is in; p50/p99 per path, and the tap/direct ratio of each;
//   - flood: e2e/fixtures/flood.mjs (one line per write) and flood-batched.mjs (64 lines per
//     write), lines/s from the first byte to the last line, tap/direct;
//   - start: spawn to the initialize answer (node's start, and for the tap, loading the bin).
//
// The tap runs three ways: with no bridge (it journals under a temporary MCP_LENS_HOME), with a
// bridge running in its own process (it streams to /ws/tap), and journaling with its Node relay
// (MCP_LENS_TAP_RELAY=node, what a machine without a C compiler gets). In a round of round trips
// every path's server is up and the paths take turns of BLOCK calls, so each is timed in the same
// stretch of the machine's weather; a flood round runs the paths back to back in a rotating order.
// A ratio is the median of the per-round ratios. After every tap run the record is checked: every
// line the host and the server exchanged is in it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { answerRouter, readLines } from './jsonLines.mjs';
import { withTimeout } from './withTimeout.mjs';
import { removeHome, startLens, tempHome } from './timeline/lens.mjs';

const PATHS = ['direct', 'C relay', 'bare relay', 'tap, journal', 'tap, bridge', 'tap, journal, Node relay'];
/** The paths that only pass bytes and record nothing. */
const RELAYS_ONLY = new Set(['direct', 'C relay', 'bare relay']);

/**
 * The tap's own C relay (bridge/tap/relay.c) as the build made it; run with no copy fd it passes
 * bytes and records nothing: the floor of any process between a host and its server.
 */
function builtCRelay(root) {
  const file = path.join(root, 'dist', 'node', `tap-relay-${process.platform}-${process.arch}`);
  return fs.existsSync(file) ? file : undefined;
}

/**
 * @param {{ root: string, rounds: number, n: number, warmup: number, floodLines: number, batch: number,
 *   log: (text: string) => void, children: Set<import('node:child_process').ChildProcess> }} options
 */
export async function runTapBench(options) {
  const { root, rounds, log } = options;
  const demoServer = path.join(root, 'dist', 'node', 'demo', 'server.js');
  const bin = path.join(root, 'dist', 'node', 'bridge', 'bin.js');
  const journalHome = tempHome('mcp-lens-bench-tap-journal-');
  const bridgeHome = tempHome('mcp-lens-bench-tap-bridge-');
  const nodeRelayHome = tempHome('mcp-lens-bench-tap-node-relay-');
  const cRelay = builtCRelay(root);
  if (cRelay === undefined) log('tap: the build made no C relay (no C compiler): the C relay path is left out, and the taps relay in Node');
  const lens = await startLens(root, bridgeHome);
  const bridgeJournal = await lens.liveJournal();

  /** The host's view of one path: how to spawn `args` and, after the run, how many lines the record holds. */
  const route = (name) => {
    const home = name === 'tap, bridge' ? bridgeHome : name === 'tap, journal, Node relay' ? nodeRelayHome : journalHome;
    return {
      name,
      spawn(args, env) {
        if (name === 'C relay') {
          // fd 3 not open: the relay's copies fail at once and it only passes bytes.
          const child = spawn(cRelay, ['3', process.execPath, ...args], {
            stdio: ['pipe', 'pipe', 'pipe'],
            env: { ...process.env, ...env },
          });
          options.children.add(child);
          child.stderr.resume();
          child.stdin.on('error', () => undefined);
          return child;
        }
        const argv =
          name === 'direct'
            ? args
            : name === 'bare relay'
              ? [path.join(root, 'scripts', 'bench', 'tapRelay.mjs'), process.execPath, ...args]
              : [bin, 'tap', '--', process.execPath, ...args];
        const child = spawn(process.execPath, argv, {
          stdio: ['pipe', 'pipe', 'pipe'],
          env: {
            ...process.env,
            ...env,
            MCP_LENS_HOME: home,
            ...(name === 'tap, journal, Node relay' ? { MCP_LENS_TAP_RELAY: 'node' } : {}),
          },
        });
        options.children.add(child);
        child.stderr.resume();
        child.stdin.on('error', () => undefined);
        return child;
      },
      /** Where this run's record starts: the bridge's journal grows; the tap's own journals are removed after each run. */
      mark: () => (name === 'tap, bridge' ? fileSize(bridgeJournal) : 0),
      /** Counts the run's recorded stdin and stdout lines (the bridge's journal from `from`, the tap's own journals). */
      async recorded(from, expected) {
        if (RELAYS_ONLY.has(name)) return undefined;
        const count = () =>
          countLines([...(name === 'tap, bridge' ? [[bridgeJournal, from]] : []), ...tapJournals(home).map((file) => [file, 0])]);
        // A bridge behind a flood journals the tap's frames for a while after the tap has gone:
        // wait until the count is complete, or has not grown for 10 s (a count that stops short is reported).
        let lines = count();
        for (let still = 0; lines < expected && still < 10000;) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const now = count();
          still = now === lines ? still + 100 : 0;
          lines = now;
        }
        const fellBack = name === 'tap, bridge' && tapJournals(home).length > 0;
        for (const file of tapJournals(home)) fs.rmSync(file, { force: true });
        return { lines, complete: lines === expected, fellBack };
      },
    };
  };
  const routes = PATHS.filter((name) => name !== 'C relay' || cRelay !== undefined).map(route);

  /** One round per `rounds`, the paths in a rotating order, each run's figures by path. */
  const inRounds = async (label, run) => {
    const out = [];
    for (let r = 0; r < rounds; r++) {
      const round = {};
      for (let i = 0; i < routes.length; i++) {
        const which = routes[(r + i) % routes.length];
        log(`tap ${label}: round ${r + 1} of ${rounds}, ${which.name}`);
        round[which.name] = await run(which);
      }
      out.push(round);
    }
    return out;
  };

  try {
    const roundTrip = [];
    for (let round = 0; round < rounds; round++) {
      log(`tap round trip: round ${round + 1} of ${rounds}, every path in turns of ${BLOCK} calls`);
      roundTrip.push(await roundTripRound(routes, [demoServer], { n: options.n, warmup: options.warmup, round }, options.children));
    }
    const floods = {};
    for (const [label, fixture, env] of [
      ['flood, 1 line a write', 'flood.mjs', {}],
      [`flood, ${options.batch} lines a write`, 'flood-batched.mjs', { FLOOD_BATCH: String(options.batch) }],
    ]) {
      const args = [path.join(root, 'e2e', 'fixtures', fixture)];
      floods[label] = await inRounds(label, (which) =>
        floodRun(which, args, { ...env, FLOOD_LINES: String(options.floodLines) }, options.floodLines, options.children),
      );
    }
    return { roundTrip, floods, paths: routes.map((r) => r.name) };
  } finally {
    await lens.stop();
    removeHome(journalHome);
    removeHome(bridgeHome);
    removeHome(nodeRelayHome);
  }
}

function fileSize(file) {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

function tapJournals(home) {
  const dir = path.join(home, 'journal');
  let names = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => n.startsWith('tap-') && n.endsWith('.jsonl')).map((n) => path.join(dir, n));
}

/**
 * The stdin and stdout line events in a journal from byte `from` on (the bench's runs are one
 * after another), as a count per line: `stream` and the line's text (every line the bench sends
 * or its fixtures write carries a number of its own).
 */
function linesIn(file, from) {
  /** @type {Map<string, number>} */
  const lines = new Map();
  let buf;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      buf = Buffer.alloc(Math.max(0, size - from));
      fs.readSync(fd, buf, 0, buf.length, from);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return lines;
  }
  // A journal line is one event. A tap's line events in the bridge's journal name their
  // connection (`"conn":"tap-…"`); in the tap's own journal (its whole file is one connection)
  // they name none, and their keys come in another order: each event is read whole.
  const kind = Buffer.from('"kind":"line",');
  let at = buf.indexOf(kind);
  while (at !== -1) {
    const start = buf.lastIndexOf(0x0a, at) + 1;
    let end = buf.indexOf(0x0a, at);
    if (end === -1) end = buf.length;
    const event = buf.toString('latin1', start, Math.min(end, start + 600));
    const conn = /"conn":"([^"]*)"/.exec(event)?.[1];
    const stream = /"stream":"(std(?:out|in))"/.exec(event)?.[1];
    if ((conn === undefined || conn.startsWith('tap-')) && stream !== undefined) {
      const key = `${stream} ${/"text":"((?:[^"\\]|\\.)*)/.exec(event)?.[1] ?? ''}`;
      lines.set(key, (lines.get(key) ?? 0) + 1);
    }
    at = buf.indexOf(kind, end);
  }
  return lines;
}

/**
 * The lines a run's record holds across its journals. A bridge that fell behind leaves the tail
 * in both its journal and the tap's (ADR 10: the tap repeats what the bridge may already have),
 * so a line counts once however many journals hold it.
 */
function countLines(files) {
  /** @type {Map<string, number>} */
  const union = new Map();
  for (const [file, from] of files) {
    for (const [key, n] of linesIn(file, from)) union.set(key, Math.max(union.get(key) ?? 0, n));
  }
  let lines = 0;
  for (const n of union.values()) lines += n;
  return lines;
}

async function ended(child, children) {
  const closed = new Promise((resolve) => child.once('close', (code, signal) => resolve(code ?? signal)));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const how = await closed;
  clearTimeout(timer);
  children.delete(child);
  return how;
}

/** Nearest-rank percentile of sorted samples. */
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/**
 * How many round trips a path makes before the next path takes its turn, and how long the bench
 * waits between turns. Every path's server is up for the whole round and they take turns in
 * blocks, so each path is timed in the same stretch of the machine's weather (on a shared virtual
 * machine that moves from second to second). The wait lets a tap finish recording its block (the
 * relay sends copies within 5 ms, the tap records within 20) before the next path is timed, so no
 * path pays for another's recording.
 */
const BLOCK = 100;
const QUIET_MS = 40;

/** One round of round trips: every path opened, warmed, then timed in turns of BLOCK calls. */
async function roundTripRound(routes, args, { n, warmup, round }, children) {
  const runs = [];
  for (const which of routes) runs.push(await openRoundTrips(which, args, children));
  for (const run of runs) await run.warm(warmup);
  for (let done = 0, turn = 0; done < n; done += BLOCK, turn++)
    for (let i = 0; i < runs.length; i++) {
      await runs[(round + turn + i) % runs.length].timed(Math.min(BLOCK, n - done));
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    }
  const out = {};
  for (const run of runs) out[run.which.name] = await run.finish(n);
  return out;
}

/** A host's connection to the demo server on one path: initialized, then timed calls on demand. */
async function openRoundTrips(which, args, children) {
  const from = which.mark();
  const spawned = performance.now();
  const child = which.spawn(args, {});
  const answers = answerRouter();
  let exchanged = 0; // lines written and read: what the record must hold
  readLines(child.stdout, (text) => {
    exchanged++;
    answers.onText(text);
  });
  let id = 0;
  const call = async (method, params) => {
    const myId = ++id;
    const answer = answers.expect(myId);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: myId, method, params })}\n`);
    exchanged++;
    const message = await withTimeout(answer, 10_000, `the answer to ${method} (id ${myId}, ${which.name})`);
    if (!('result' in message)) throw new Error(`${method} failed (${which.name}): ${JSON.stringify(message).slice(0, 300)}`);
    return message;
  };
  await call('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens-bench', version: '0.0.0' } });
  const startMs = performance.now() - spawned;
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  exchanged++;
  let i = 0;
  const echo = () => ({ name: 'echo', arguments: { message: `bench ${i++}` } });
  const samples = [];
  let timedMs = 0;
  return {
    which,
    async warm(count) {
      for (let k = 0; k < count; k++) await call('tools/call', echo());
    },
    async timed(count) {
      const started = performance.now();
      for (let k = 0; k < count; k++) {
        const t0 = performance.now();
        await call('tools/call', echo());
        samples.push(performance.now() - t0);
      }
      timedMs += performance.now() - started;
    },
    async finish(n) {
      const exit = await ended(child, children);
      if (exit !== 0) throw new Error(`${which.name}: the server's process ended with ${exit}`);
      const sorted = Float64Array.from(samples).sort();
      const record = await which.recorded(from, exchanged);
      return {
        startMs,
        p50: pct(sorted, 50),
        p90: pct(sorted, 90),
        p99: pct(sorted, 99),
        mean: sorted.reduce((a, b) => a + b, 0) / n,
        callsPerSec: n / (timedMs / 1000),
        ...(record ? { recorded: record.lines, complete: record.complete, fellBack: record.fellBack } : {}),
      };
    },
  };
}

async function floodRun(which, args, env, total, children) {
  const from = which.mark();
  const child = which.spawn(args, env);
  let lines = 0;
  let first = 0;
  let tail = Buffer.alloc(0);
  // The chunk before the last too: the last line may come in pieces (a relay writes at most 4 KiB at a time).
  let before = Buffer.alloc(0);
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  // The host counts lines and keeps the last; it does no parsing, so the pipe (or the tap) is what limits it.
  child.stdout.on('data', (chunk) => {
    if (first === 0) first = performance.now();
    let at = chunk.indexOf(0x0a);
    while (at !== -1) {
      lines++;
      at = chunk.indexOf(0x0a, at + 1);
    }
    if (lines >= total) {
      tail = Buffer.concat([before, chunk]);
      done(performance.now());
    }
    before = chunk;
  });
  const last = await withTimeout(finished, 120_000, `${total} flood lines (${which.name})`);
  const lastLine = tail.toString('utf8').trimEnd().split('\n').pop() ?? '';
  const n = Number(/"n":(\d+)/.exec(lastLine)?.[1]);
  if (n !== total - 1) throw new Error(`${which.name}: the last flood line is not n=${total - 1}: ${lastLine.slice(0, 120)}`);
  const exit = await ended(child, children);
  if (exit !== 0) throw new Error(`${which.name}: the flood's process ended with ${exit}`);
  const ms = last - first;
  const record = await which.recorded(from, total);
  return {
    ms,
    linesPerSec: total / (ms / 1000),
    ...(record ? { recorded: record.lines, complete: record.complete, fellBack: record.fellBack } : {}),
  };
}
