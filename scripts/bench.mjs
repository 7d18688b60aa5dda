// `npm run bench`: how much the bridge and the session model cost, as ratios against a
// baseline measured in the same run (machines are noisy; ratios travel, absolute numbers do not).
//
//   1. round-trip latency of sequential tools/call echo requests to the demo server:
//      a direct stdio pipe vs the real bridge over a WebSocket, and a bare ws relay vs the bridge;
//   2. flood throughput of e2e/fixtures/flood.mjs: a direct pipe vs the bridge, plus the
//      bridge process's peak RSS growth meanwhile;
//   3. the session model: ExchangeTracker + Linter over a million synthetic events vs
//      JSON.parse of each stdin/stdout line alone;
//   4. and 5. the timeline in Chromium (scripts/bench/timeline/): an earlier session of a
//      million generated events opened from the sidebar, vs fetching its bytes and vs a small
//      session; and a live flood, vs the same tab idle;
//   6. start and first load (scripts/bench/startRound.mjs): spawn to URL for the bin and for
//      `npm start` vs a bare Node in the same round; the bytes on the wire until the app is
//      connected (the JSON editor loads later, once arguments are edited).
//   7. one big line (scripts/bench/bigLine.mjs): a 50 MiB result through the bridge vs the
//      direct pipe, and the bridge's peak RSS as a multiple of the line's size.
//   8. a session file of about 100 MB opened from the page (scripts/bench/openFile.mjs): the
//      longest task on the page's own thread meanwhile, and the time to open and index it, vs
//      JSON.parse of the same file's text on that thread in the same tab.
//   9. an mcpServers config file (scripts/bench/configFile.mjs): reading a 16 MiB one, every
//      entry placed by line and column, vs JSON.parse of its text; and that ratio at 16 MiB vs
//      at 1 MiB (near 1 when the reading stays linear).
//  11. the tap (scripts/bench/tap.mjs): a host's round trips (p50, p99) and floods (lines/s, one
//      line a write and 64) through `mcp-lens tap --`, journaling and streaming to a bridge, vs
//      the same server spawned directly.
//
// Each benchmark runs BENCH_ROUNDS times (default 3), the two paths alternating, and reports
// the median round per figure.
//
// Knobs (env): BENCH_N (1000 calls), BENCH_WARMUP (50), FLOOD_LINES (200000),
// BENCH_EVENTS (1000000), BENCH_ROUNDS (3), BENCH_ONLY (comma list of latency, flood, session,
// timeline, start, bigline, openfile, config, tap, or timeline-open / timeline-flood alone), BENCH_BIG_MIB (50),
// BENCH_OPEN_EVENTS (310000, about 100 MB), BENCH_CONFIG_MIB (16), BENCH_TAP_N (2000),
// BENCH_TAP_WARMUP (200), BENCH_TAP_BATCH (64), BENCH_SKIP_BUILD=1 (use dist/ as it is),
// and the BENCH_TL_* knobs of the timeline. Results: a table on stdout, JSON in a temp dir.
// See docs/benchmarks.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { answerRouter, readLines } from './bench/jsonLines.mjs';
import { withTimeout } from './bench/withTimeout.mjs';
import { killLensSync } from './bench/timeline/lens.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const demoServer = path.join(root, 'dist', 'node', 'demo', 'server.js');
const floodFixture = path.join(root, 'e2e', 'fixtures', 'flood.mjs');
const MB = 1024 * 1024;

const N = intEnv('BENCH_N', 1000);
const WARMUP = intEnv('BENCH_WARMUP', 50);
const FLOOD_LINES = intEnv('FLOOD_LINES', 200_000);
const EVENTS = intEnv('BENCH_EVENTS', 1_000_000);
const ROUNDS = intEnv('BENCH_ROUNDS', 3);
const BIG_MIB = intEnv('BENCH_BIG_MIB', 50);
const OPEN_EVENTS = intEnv('BENCH_OPEN_EVENTS', 310_000);
const CONFIG_MIB = intEnv('BENCH_CONFIG_MIB', 16);
const TAP_N = intEnv('BENCH_TAP_N', 2000);
const TAP_WARMUP = intEnv('BENCH_TAP_WARMUP', 200);
const TAP_BATCH = intEnv('BENCH_TAP_BATCH', 64);
// `npm run bench -- tap flood` selects as BENCH_ONLY=tap,flood does.
const ONLY = new Set(
  (
    process.env.BENCH_ONLY ??
    (process.argv.length > 2 ? process.argv.slice(2).join(',') : 'latency,flood,session,timeline,start,bigline,openfile,config,tap')
  )
    .split(',')
    .map((s) => s.trim()),
);
const BENCHES = [
  'latency',
  'flood',
  'session',
  'timeline',
  'timeline-open',
  'timeline-flood',
  'start',
  'bigline',
  'openfile',
  'config',
  'tap',
];
const CHUNK = 100_000;
const roundsText = ROUNDS === 1 ? '1 round' : `${ROUNDS} rounds`;
for (const name of ONLY) {
  if (!BENCHES.includes(name)) {
    process.stderr.write(`bench: BENCH_ONLY takes ${BENCHES.join(', ')}, not ${JSON.stringify(name)}\n`);
    process.exit(2);
  }
}

function intEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    process.stderr.write(`bench: ${name} must be a positive integer, got ${JSON.stringify(raw)}\n`);
    process.exit(2);
  }
  return value;
}

const log = (text) => process.stderr.write(`bench: ${text}\n`);

// ---------------------------------------------------------------- cleanup on every exit path

/** Things to stop if we leave early: bridges (killAllSync), directly spawned children, bridge homes. */
const live = { bridges: new Set(), children: new Set(), homes: new Set() };
function killEverythingSync() {
  for (const bridge of live.bridges) bridge.killAllSync();
  for (const child of live.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const home of live.homes) fs.rmSync(home, { recursive: true, force: true });
  killLensSync();
}
process.on('exit', killEverythingSync);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killEverythingSync();
    process.exit(130);
  });
}

// ---------------------------------------------------------------- how busy the machine is

// Other work on the machine skews everything; note how busy it was just before we started
// (the share of all cores busy over half a second, while this process sleeps).
function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    busy += t.user + t.nice + t.sys + t.irq;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  return { busy, total };
}
const before = cpuTimes();
await new Promise((resolve) => setTimeout(resolve, 500));
const after = cpuTimes();
const busyAtStart = (after.busy - before.busy) / Math.max(1, after.total - before.total);
const loadAtStart = os.loadavg()[0];

/** CPU ms used by this process and its reaped children (Linux /proc; undefined elsewhere). */
function ownCpuMs() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14-17 of stat(5); here offset by the 2 before ')'.
    const ticks = [11, 12, 13, 14].reduce((total, i) => total + Number(fields[i]), 0);
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}
/** The share of all cores that other processes used during the run, when it can be known. */
function othersBusyDuringRun() {
  const ownNow = ownCpuMs();
  if (ownAtStart === undefined || ownNow === undefined) return undefined;
  const machine = cpuTimes();
  const total = machine.total - machineAtStart.total;
  if (total <= 0) return undefined;
  return Math.max(0, (machine.busy - machineAtStart.busy - (ownNow - ownAtStart)) / total);
}

// ---------------------------------------------------------------- build

if (process.env.BENCH_SKIP_BUILD === '1') {
  log('BENCH_SKIP_BUILD=1: using dist/node as it is');
} else {
  log('building (node scripts/build.mjs)');
  // The build's own progress goes to stderr so stdout stays the report.
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
  if (built.status !== 0) {
    log(`the build failed (exit ${built.status ?? built.signal}); fix it, or run with BENCH_SKIP_BUILD=1 against the existing dist/node`);
    process.exit(1);
  }
}

// From here on (the build left out: vite's esbuild service is not our reaped child), what the
// machine spent minus what we and our children spent is other processes' work.
const machineAtStart = cpuTimes();
const ownAtStart = ownCpuMs();

const dist = (rel) => import(pathToFileURL(path.join(root, 'dist', 'node', rel)).href);
const { createBridge } = await dist('bridge/createBridge.js');
const { default: WebSocket } = await import('ws');

// ---------------------------------------------------------------- helpers

const now = () => performance.now();

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
/** Per field, the median over rounds (each round a flat record of numbers). */
function medianRound(rounds) {
  const out = {};
  for (const key of Object.keys(rounds[0])) if (typeof rounds[0][key] === 'number') out[key] = median(rounds.map((r) => r[key]));
  return out;
}
/** Runs the two paths ROUNDS times, alternating which goes first (ABBA...), to spread drift evenly. */
async function alternate(label, runA, runB, names = ['direct pipe', 'through the bridge']) {
  const a = [];
  const b = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
    for (const which of order) {
      log(`${label}: round ${r + 1} of ${ROUNDS}, ${which === 'a' ? names[0] : names[1]}`);
      if (which === 'a') a.push(await runA());
      else b.push(await runB());
    }
  }
  return { a, b };
}
/** The median over rounds of the paired ratio b/a of one figure: rounds run back to back share a machine state. */
const pairedRatio = (runs, key) => median(runs.b.map((b, i) => b[key] / runs.a[i][key]));
const range = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×`;

/** Summary of latency samples (ms): nearest-rank percentiles. */
function summarize(samples, totalMs) {
  const sorted = Float64Array.from(samples).sort();
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return {
    calls: sorted.length,
    p50: pct(50),
    p90: pct(90),
    p99: pct(99),
    mean,
    max: sorted[sorted.length - 1],
    callsPerSec: sorted.length / (totalMs / 1000),
  };
}

function spawnDirect(args, env = {}) {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  live.children.add(child);
  child.stderr.resume();
  child.stdin.on('error', () => undefined);
  const exited = new Promise((resolve) => child.once('close', resolve));
  return {
    child,
    /** Closes stdin and waits for the exit (SIGKILL after 5 s). */
    async end() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      live.children.delete(child);
    },
  };
}

const initializeParams = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens-bench', version: '0.0.0' } };
const echoParams = (i) => ({ name: 'echo', arguments: { message: `bench ${i}` } });

/**
 * The handshake, the warm-up and the timed calls, over any transport: `write(text)` sends one
 * line; `expect(id)`, armed before the write, resolves with the parsed answer carrying that id.
 */
async function runCalls(transport) {
  let id = 0;
  const call = async (method, params) => {
    const myId = ++id;
    const answer = transport.expect(myId);
    transport.write(JSON.stringify({ jsonrpc: '2.0', id: myId, method, params }));
    const message = await withTimeout(answer, 10_000, `the answer to ${method} (id ${myId})`);
    if (!('result' in message)) throw new Error(`${method} failed: ${JSON.stringify(message).slice(0, 300)}`);
    return message;
  };
  const init = await call('initialize', initializeParams);
  if (init.result.protocolVersion !== initializeParams.protocolVersion)
    throw new Error(`unexpected initialize result ${JSON.stringify(init.result)}`);
  transport.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  for (let i = 0; i < WARMUP; i++) await call('tools/call', echoParams(i));
  const samples = new Float64Array(N);
  const started = now();
  for (let i = 0; i < N; i++) {
    const t0 = now();
    const answer = await call('tools/call', echoParams(i));
    samples[i] = now() - t0;
    if (i === 0 && answer.result.content?.[0]?.text !== `Echo: bench 0`) throw new Error(`unexpected echo ${JSON.stringify(answer)}`);
  }
  return summarize(samples, now() - started);
}

// ---------------------------------------------------------------- the bridge and its client

async function startBridge() {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-bench-home-'));
  live.homes.add(home);
  const bridge = await createBridge({ port: 0, home }).listen();
  live.bridges.add(bridge);
  return {
    bridge,
    async dispose() {
      await bridge.close();
      live.bridges.delete(bridge);
      fs.rmSync(home, { recursive: true, force: true });
      live.homes.delete(home);
    },
  };
}

/** A WebSocket client of the bridge: welcome, attach {after:-1}, then every event to onEvent. */
async function connectClient(bridge, onEvent) {
  const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/ws?token=${encodeURIComponent(bridge.token)}`);
  const rejected = [];
  const welcome = new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString('utf8'));
      if (frame.type === 'events') {
        for (const event of frame.events) onEvent(event);
      } else if (frame.type === 'welcome') {
        ws.off('error', reject);
        resolve(frame);
      } else if (frame.type === 'rejected') {
        rejected.push(frame.message);
        log(`the bridge rejected a command: ${frame.message}`);
      }
    });
  });
  ws.on('error', (error) => log(`socket error: ${error.message}`));
  await withTimeout(welcome, 10_000, 'the welcome frame');
  const send = (command) => ws.send(JSON.stringify(command));
  send({ type: 'attach', after: -1 });
  return {
    send,
    rejected,
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', resolve);
        ws.close();
      }),
  };
}

/** Spawns `conn` through the client and waits for its spawn event; `stop` waits for exit. */
function connLifecycle(client) {
  const spawned = new Map();
  const exited = new Map();
  const waiter = (map, conn) => new Promise((resolve) => map.set(conn, resolve));
  return {
    onEvent(event) {
      if (event.kind === 'spawn' || event.kind === 'spawn-error') spawned.get(event.conn)?.(event);
      else if (event.kind === 'exit') exited.get(event.conn)?.(event);
    },
    async spawn(conn, config) {
      const done = waiter(spawned, conn);
      client().send({ type: 'spawn', conn, config });
      const event = await withTimeout(done, 10_000, `the spawn of ${conn}`);
      if (event.kind !== 'spawn') throw new Error(`spawn of ${conn} failed: ${event.message}`);
    },
    async stop(conn) {
      const done = waiter(exited, conn);
      client().send({ type: 'stop', conn });
      await withTimeout(done, 10_000, `the exit of ${conn}`);
    },
  };
}

// ---------------------------------------------------------------- 1. round-trip latency

async function latencyDirect() {
  const proc = spawnDirect([demoServer]);
  const router = answerRouter();
  readLines(proc.child.stdout, (text) => router.onText(text));
  try {
    return await runCalls({ expect: router.expect, write: (text) => proc.child.stdin.write(`${text}\n`) });
  } finally {
    await proc.end();
  }
}

async function latencyBridge() {
  const b = await startBridge();
  let client;
  try {
    const router = answerRouter();
    const conn = 'demo';
    const life = connLifecycle(() => client);
    client = await connectClient(b.bridge, (event) => {
      if (event.kind === 'line' && event.stream === 'stdout' && event.conn === conn && event.text !== undefined) router.onText(event.text);
      else life.onEvent(event);
    });
    await life.spawn(conn, { command: process.execPath, args: [demoServer] });
    const stats = await runCalls({ expect: router.expect, write: (text) => client.send({ type: 'send', conn, text }) });
    await life.stop(conn);
    return stats;
  } finally {
    await client?.close();
    await b.dispose();
  }
}

/**
 * The floor of any WebSocket relay: a bare `ws` server in this process that spawns the demo
 * server, writes each frame to its stdin and sends each stdout line as a frame. No journal, no
 * envelope, no validation: what is left of the bridge's cost once those are taken away.
 */
async function latencyRelay() {
  const { WebSocketServer } = await import('ws');
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => wss.once('listening', resolve));
  let proc;
  wss.on('connection', (socket) => {
    proc = spawnDirect([demoServer]);
    readLines(proc.child.stdout, (text) => socket.send(text));
    socket.on('message', (data) => proc.child.stdin.write(`${data.toString()}\n`));
  });
  const ws = new WebSocket(`ws://127.0.0.1:${wss.address().port}`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const router = answerRouter();
  ws.on('message', (data) => router.onText(data.toString()));
  try {
    return await runCalls({ expect: router.expect, write: (text) => ws.send(text) });
  } finally {
    ws.close();
    await proc?.end();
    await new Promise((resolve) => wss.close(resolve));
  }
}

/**
 * The official inspector's web proxy (`@modelcontextprotocol/inspector-server`, a dev
 * dependency): GET /stdio opens an SSE stream and spawns the demo server, POST /message carries
 * each request, and the answers come back as SSE `message` events. Its own process, as it runs
 * for its users; the same calls as the other paths. Its token goes in `X-MCP-Proxy-Auth`.
 */
async function latencyInspector() {
  const entry = inspectorProxyEntry();
  const token = randomBytes(16).toString('hex');
  const port = await freePort();
  const proxy = spawn(process.execPath, [entry], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SERVER_PORT: String(port), HOST: '127.0.0.1', MCP_PROXY_AUTH_TOKEN: token },
  });
  live.children.add(proxy);
  proxy.stderr.resume();
  const listening = new Promise((resolve, reject) => {
    readLines(proxy.stdout, (text) => text.includes('Proxy server listening') && resolve());
    proxy.once('exit', (code) => reject(new Error(`the inspector's proxy exited (${code}) before it listened`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const headers = { 'X-MCP-Proxy-Auth': `Bearer ${token}` };
  const aborter = new AbortController();
  try {
    await withTimeout(listening, 20_000, "the inspector's proxy to listen");
    const query = new URLSearchParams({ transportType: 'stdio', command: process.execPath, args: demoServer });
    const res = await fetch(`${base}/stdio?${query}`, { headers, signal: aborter.signal });
    if (!res.ok || !res.body) throw new Error(`the inspector's proxy refused /stdio: ${res.status}`);
    const router = answerRouter();
    let endpointFound;
    const endpoint = new Promise((resolve) => (endpointFound = resolve));
    void readSse(res.body, (event, data) => {
      if (event === 'endpoint') endpointFound(data);
      else if (event === 'message') router.onText(data);
    }).catch(() => undefined);
    const messageUrl = new URL(await withTimeout(endpoint, 10_000, "the inspector's endpoint event"), base).href;
    const post = (text) =>
      fetch(messageUrl, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: text }).then(async (r) => {
        await r.arrayBuffer();
        if (r.status >= 300) log(`the inspector's proxy answered ${r.status} to a POST`);
      });
    return await runCalls({ expect: router.expect, write: (text) => void post(text) });
  } finally {
    aborter.abort();
    proxy.kill('SIGTERM');
    if (proxy.exitCode === null && proxy.signalCode === null) await new Promise((resolve) => proxy.once('exit', resolve));
    live.children.delete(proxy);
  }
}

function inspectorProxyEntry() {
  const entry = path.join(root, 'node_modules', '@modelcontextprotocol', 'inspector-server', 'build', 'index.js');
  if (!fs.existsSync(entry)) throw new Error(`the inspector's proxy is not installed (${entry}); run npm ci`);
  return entry;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Calls onEvent(event, data) for each server-sent event of a fetch body. */
async function readSse(body, onEvent) {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      let event = 'message';
      const data = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      onEvent(event, data.join('\n'));
    }
  }
}

// ---------------------------------------------------------------- 2. flood throughput

function rssSampler() {
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  return () => {
    clearInterval(timer);
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    return { rssGrowthMB: (peakRss - base.rss) / MB, heapGrowthMB: (peakHeap - base.heapUsed) / MB, baseRssMB: base.rss / MB };
  };
}

function floodFigures(lines, bytes, ms) {
  return { lines, bytes, ms, linesPerSec: lines / (ms / 1000), mbPerSec: bytes / MB / (ms / 1000) };
}

async function floodDirect() {
  let lines = 0;
  let bytes = 0;
  let lastText = '';
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  const started = now();
  const proc = spawnDirect([floodFixture], { FLOOD_LINES: String(FLOOD_LINES) });
  readLines(proc.child.stdout, (text, size) => {
    lines++;
    bytes += size + 1;
    if (lines === FLOOD_LINES) {
      lastText = text;
      done(now());
    }
  });
  try {
    const ended = await withTimeout(finished, 60_000, `${FLOOD_LINES} flood lines (direct)`);
    checkLastFloodLine(lastText);
    return floodFigures(lines, bytes, ended - started);
  } finally {
    await proc.end();
  }
}

async function floodBridge() {
  const b = await startBridge();
  let client;
  try {
    const conn = 'flood';
    let lines = 0;
    let bytes = 0;
    let lastText = '';
    let done;
    const finished = new Promise((resolve) => (done = resolve));
    const life = connLifecycle(() => client);
    client = await connectClient(b.bridge, (event) => {
      if (event.kind === 'line' && event.stream === 'stdout' && event.conn === conn) {
        lines++;
        bytes += event.size + event.eol.length;
        if (lines === FLOOD_LINES) {
          lastText = event.text ?? '';
          done(now());
        }
      } else life.onEvent(event);
    });
    const memory = rssSampler();
    const started = now();
    client.send({
      type: 'spawn',
      conn,
      config: { command: process.execPath, args: [floodFixture], env: { FLOOD_LINES: String(FLOOD_LINES) } },
    });
    const ended = await withTimeout(finished, 60_000, `${FLOOD_LINES} flood lines (bridge)`);
    const mem = memory();
    checkLastFloodLine(lastText);
    await life.stop(conn);
    return { ...floodFigures(lines, bytes, ended - started), ...mem };
  } finally {
    await client?.close();
    await b.dispose();
  }
}

function checkLastFloodLine(text) {
  const n = Number(/"n":(\d+)/.exec(text)?.[1]);
  if (n !== FLOOD_LINES - 1) throw new Error(`the last flood line is not n=${FLOOD_LINES - 1}: ${text.slice(0, 120)}`);
}

// ---------------------------------------------------------------- 3. the session model

/** One round in a fresh Node process (scripts/bench/sessionRound.mjs), so each starts from a clean heap. */
async function sessionRound() {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'bench', 'sessionRound.mjs'), String(EVENTS), String(CHUNK)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  live.children.add(child);
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (text) => (stdout += text));
  const code = await new Promise((resolve) => child.once('close', resolve));
  live.children.delete(child);
  if (code !== 0) throw new Error(`the session round exited with ${code}`);
  return JSON.parse(stdout);
}

async function sessionBench() {
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    log(`session: round ${r + 1} of ${ROUNDS} (fresh process)`);
    rounds.push(await sessionRound());
  }
  const chunks = rounds[0].modelChunkMs.length;
  const perChunk = (key) => Array.from({ length: chunks }, (_, i) => median(rounds.map((r) => r[key][i])));
  const baselineMs = median(rounds.map((r) => r.baselineMs));
  const modelMs = median(rounds.map((r) => r.modelMs));
  const modelChunkMs = perChunk('modelChunkMs');
  const first = rounds[0];
  return {
    events: EVENTS,
    chunk: CHUNK,
    census: first.census,
    baseline: { ms: baselineMs, eventsPerSec: EVENTS / (baselineMs / 1000), chunkMs: perChunk('baselineChunkMs') },
    model: {
      ms: modelMs,
      eventsPerSec: EVENTS / (modelMs / 1000),
      gcMs: median(rounds.map((r) => r.modelGcMs)),
      chunkMs: modelChunkMs,
      gcChunkMs: perChunk('modelGcChunkMs'),
    },
    ratio: median(rounds.map((r) => r.modelMs / r.baselineMs)),
    chunkRatios: Array.from({ length: chunks }, (_, i) => median(rounds.map((r) => r.modelChunkMs[i] / r.baselineChunkMs[i]))),
    cpuRatio: median(rounds.map((r) => r.modelCpuMs / r.baselineCpuMs)),
    roundRatios: rounds.map((r) => r.modelMs / r.baselineMs),
    firstChunkMs: modelChunkMs[0],
    lastChunkMs: modelChunkMs[chunks - 1],
    lastOverFirst: modelChunkMs[chunks - 1] / modelChunkMs[0],
    exchanges: first.exchanges,
    exchangeStatuses: first.exchangeStatuses,
    progressSteps: first.progressSteps,
    findings: first.findings,
    heapUsedMB: median(rounds.map((r) => r.heapUsedMB)),
    rounds,
  };
}

// ---------------------------------------------------------------- report

const f = (value, digits = 2) => (value === undefined ? '—' : value.toFixed(digits));
const int = (value) => Math.round(value).toLocaleString('en-US');
const ratio = (value) => `${value.toFixed(2)}×`;

function table(title, header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => String(row[i]).length)));
  const render = (row) => row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [title, render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(render), ''].join('\n');
}

// ---------------------------------------------------------------- main

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
  },
  params: { N, WARMUP, FLOOD_LINES, EVENTS, ROUNDS },
};
const out = [];
const runStarted = now();
// A watchdog that does not itself keep the process alive: if something still does after the
// report, say so and leave rather than hang.
const watchdog = (ms) =>
  setTimeout(() => {
    log(`still running ${ms / 1000} s after the report: some handle was not closed; exiting`);
    killEverythingSync();
    process.exit(1);
  }, ms).unref();

try {
  if (ONLY.has('latency')) {
    log(`latency: ${N} sequential tools/call echo (after ${WARMUP} warm-up) per round`);
    const runs = await alternate('latency', latencyDirect, latencyBridge);
    const direct = medianRound(runs.a);
    const bridge = medianRound(runs.b);
    // The same calls through a bare ws relay, paired with the bridge in rounds of their own.
    const relayRuns = await alternate('latency', latencyRelay, latencyBridge, ['bare ws relay', 'through the bridge']);
    const relay = medianRound(relayRuns.a);
    const overRelay = { p50: pairedRatio(relayRuns, 'p50'), mean: pairedRatio(relayRuns, 'mean') };
    // And through the official inspector's proxy, paired with the bridge likewise.
    const inspectorRuns = await alternate('latency', latencyInspector, latencyBridge, ["inspector's proxy", 'through the bridge']);
    const inspector = medianRound(inspectorRuns.a);
    const inspectorOverBridge = {
      p50: median(inspectorRuns.a.map((a, i) => a.p50 / inspectorRuns.b[i].p50)),
      mean: median(inspectorRuns.a.map((a, i) => a.mean / inspectorRuns.b[i].mean)),
    };
    const roundRatios = { p50: runs.b.map((b, i) => b.p50 / runs.a[i].p50), mean: runs.b.map((b, i) => b.mean / runs.a[i].mean) };
    const r = (key) => pairedRatio(runs, key);
    results.latency = {
      direct,
      bridge,
      ratio: { p50: r('p50'), p90: r('p90'), p99: r('p99'), mean: r('mean'), callsPerSec: r('callsPerSec') },
      roundRatios,
      rounds: runs,
      relay,
      bridgeOverRelay: overRelay,
      relayRounds: relayRuns,
      inspector,
      inspectorOverBridge,
      inspectorRounds: inspectorRuns,
    };
    const latencyRow = (path, x) => [path, f(x.p50, 3), f(x.p90, 3), f(x.p99, 3), f(x.mean, 3), f(x.max, 2), int(x.callsPerSec)];
    out.push(
      table(
        `1. Round-trip latency: ${N} sequential tools/call echo to the demo server (ms; median of ${roundsText})`,
        ['path', 'p50', 'p90', 'p99', 'mean', 'max', 'calls/s'],
        [
          latencyRow('direct pipe', direct),
          latencyRow('bridge + WebSocket', bridge),
          ['ratio bridge/direct', ratio(r('p50')), ratio(r('p90')), ratio(r('p99')), ratio(r('mean')), '', ratio(r('callsPerSec'))],
          latencyRow('bare ws relay', relay),
          ['ratio bridge/bare relay', ratio(overRelay.p50), '', '', ratio(overRelay.mean), '', ''],
          latencyRow("official inspector's proxy", inspector),
          ['ratio inspector/bridge', ratio(inspectorOverBridge.p50), '', '', ratio(inspectorOverBridge.mean), '', ''],
        ],
      ) +
        `per-round ratio bridge/direct: p50 ${range(roundRatios.p50)}, mean ${range(roundRatios.mean)}; ` +
        `bridge/bare relay from rounds of their own: p50 ${range(relayRuns.b.map((b, i) => b.p50 / relayRuns.a[i].p50))}; ` +
        `inspector/bridge likewise: p50 ${range(inspectorRuns.a.map((a, i) => a.p50 / inspectorRuns.b[i].p50))}\n`,
    );
  }

  if (ONLY.has('flood')) {
    log(`flood: ${FLOOD_LINES} lines per round`);
    const runs = await alternate('flood', floodDirect, floodBridge);
    const direct = medianRound(runs.a);
    const bridge = medianRound(runs.b);
    const rssGrowthMaxMB = Math.max(...runs.b.map((r) => r.rssGrowthMB));
    const heapGrowthMaxMB = Math.max(...runs.b.map((r) => r.heapGrowthMB));
    const roundRatios = runs.b.map((b, i) => b.ms / runs.a[i].ms);
    results.flood = {
      direct,
      bridge,
      ratio: { time: pairedRatio(runs, 'ms'), linesPerSec: pairedRatio(runs, 'linesPerSec'), mbPerSec: pairedRatio(runs, 'mbPerSec') },
      rssGrowthMaxMB,
      heapGrowthMaxMB,
      roundRatios,
      rounds: runs,
    };
    out.push(
      table(
        `2. Flood: ${int(FLOOD_LINES)} stdout lines of 200 bytes (e2e/fixtures/flood.mjs), spawn to last line received (median of ${roundsText})`,
        ['path', 'time ms', 'lines/s', 'MB/s'],
        [
          ['direct pipe', int(direct.ms), int(direct.linesPerSec), f(direct.mbPerSec, 1)],
          ['bridge + WebSocket', int(bridge.ms), int(bridge.linesPerSec), f(bridge.mbPerSec, 1)],
          [
            'ratio bridge/direct',
            ratio(results.flood.ratio.time),
            ratio(results.flood.ratio.linesPerSec),
            ratio(results.flood.ratio.mbPerSec),
          ],
        ],
      ) +
        `per-round time ratio bridge/direct: ${range(roundRatios)}\n` +
        `bridge process peak growth during a flood (bridge and bench client share it; sampled every 50 ms): ` +
        `RSS +${f(runs.b[0].rssGrowthMB, 1)} MB in the first round, at most +${f(rssGrowthMaxMB, 1)} MB; ` +
        `heap at most +${f(heapGrowthMaxMB, 1)} MB\n`,
    );
  }

  if (ONLY.has('session')) {
    log(`session: ${int(EVENTS)} synthetic events per round`);
    const s = await sessionBench();
    results.session = s;
    const chunkRows = s.model.chunkMs.map((ms, i) => [
      `events ${int(i * CHUNK)}–${int(Math.min(EVENTS, (i + 1) * CHUNK))}`,
      f(s.baseline.chunkMs[i], 0),
      f(ms, 0),
      f(s.model.gcChunkMs[i], 0),
      ratio(s.chunkRatios[i]),
    ]);
    out.push(
      table(
        `3. Session model: ${int(EVENTS)} synthetic events through ExchangeTracker + Linter (median of ${roundsText}, each in a fresh process)`,
        ['path', 'time ms', 'events/s', 'ratio'],
        [
          ['baseline: JSON.parse of each JSON-RPC line', int(s.baseline.ms), int(s.baseline.eventsPerSec), ratio(1)],
          ['ExchangeTracker + Linter', int(s.model.ms), int(s.model.eventsPerSec), ratio(s.ratio)],
        ],
      ) +
        `per-round ratio: ${range(s.roundRatios)}; in process CPU time instead of wall time: ${ratio(s.cpuRatio)}; garbage collection ${int(s.model.gcMs)} ms of the model's time; ` +
        `heap at the end ${int(s.heapUsedMB)} MB (the events themselves included)\n\n` +
        table(
          `   per ${int(CHUNK)} events (model last/first = ${ratio(s.lastOverFirst)}; flat means no rescans)`,
          ['chunk', 'parse ms', 'model ms', 'of which GC', 'ratio'],
          chunkRows,
        ) +
        `mix: ${Object.entries(s.census)
          .filter(([, n]) => n > 0)
          .map(([k, n]) => `${k} ${int(n)}`)
          .join(', ')}; ${int(s.exchanges)} exchanges (${Object.entries(s.exchangeStatuses)
          .map(([k, n]) => `${k} ${int(n)}`)
          .join(', ')}), ${int(s.progressSteps)} progress steps paired, ${s.findings} lint findings\n`,
    );
  }

  const timelineParts = ['open', 'flood'].filter((part) => ONLY.has('timeline') || ONLY.has(`timeline-${part}`));
  if (timelineParts.length > 0) {
    // Loaded only when asked for: it brings Playwright and a browser.
    const { runTimelineBench, timelineKnobs } = await import('./bench/timeline/index.mjs');
    const knobs = timelineKnobs(intEnv, ROUNDS, FLOOD_LINES);
    const timeline = await runTimelineBench({ root, knobs, log, only: timelineParts });
    results.timeline = timeline.results;
    out.push(timeline.text);
    // Figures are printed whatever happened; a step that could not be measured still fails the run.
    if ((timeline.results.open?.failures.length ?? 0) > 0) process.exitCode = 1;
  }
  if (ONLY.has('start')) {
    log(`start: the bin and npm start, spawn to URL, and the first load in Chromium (${roundsText})`);
    const { startRound, firstLoadRound } = await import('./bench/start.mjs');
    const starts = [];
    const loads = [];
    for (let i = 0; i < ROUNDS; i++) {
      starts.push(await startRound({ root }));
      loads.push(await firstLoadRound({ root }));
    }
    const med = (rows, key) => median(rows.map((r) => r[key]));
    const binRatios = starts.map((r) => r.binMs / r.bareNodeMs);
    const npmRatios = starts.map((r) => r.npmStartMs / r.bareNodeMs);
    results.start = {
      bareNodeMs: med(starts, 'bareNodeMs'),
      binMs: med(starts, 'binMs'),
      npmStartMs: med(starts, 'npmStartMs'),
      npmFloorMs: med(starts, 'npmFloorMs'),
      inspectorProxyMs: med(starts, 'inspectorProxyMs'),
      // What `npm start` adds to the bin beyond what npm adds to any script.
      startScriptMs: median(starts.map((r) => r.npmStartMs - r.binMs - (r.npmFloorMs - r.bareNodeMs))),
      ratio: { bin: median(binRatios), npmStart: median(npmRatios) },
      load: {
        readyMs: med(loads, 'readyMs'),
        firstLoadBytes: med(loads, 'firstLoadBytes'),
        gzipped: loads[0]?.gzipped,
        requests: loads[0]?.requests,
      },
      rounds: { starts, loads },
    };
    const s = results.start;
    out.push(
      table(
        `6. Start and first load (median of ${roundsText})`,
        ['what', 'ms', 'ratio to bare node'],
        [
          ['bare node -e ""', int(s.bareNodeMs), ratio(1)],
          ['mcp-lens (the bin), spawn to URL', int(s.binMs), ratio(s.ratio.bin)],
          ['npm start, spawn to URL', int(s.npmStartMs), ratio(s.ratio.npmStart)],
          ['npm start of an empty script (npm alone)', int(s.npmFloorMs), ratio(median(starts.map((r) => r.npmFloorMs / r.bareNodeMs)))],
          [
            "official inspector's proxy, spawn to listening",
            int(s.inspectorProxyMs),
            ratio(median(starts.map((r) => r.inspectorProxyMs / r.bareNodeMs))),
          ],
        ],
      ) +
        `npm start minus the bin minus npm's own cost (the staleness check, within the noise): ${int(s.startScriptMs)} ms\n` +
        `first load in Chromium: ${f(s.load.firstLoadBytes / MB, 2)} MB on the wire until "bridge connected" (${int(s.load.readyMs)} ms), ` +
        `${s.load.gzipped} of ${s.load.requests} responses gzipped\n`,
    );
  }
  if (ONLY.has('bigline')) {
    log(`big line: one ${BIG_MIB} MiB result line, direct and through the bridge (${roundsText})`);
    const { bigLineBridge, bigLineDirect } = await import('./bench/bigLine.mjs');
    const runs = await alternate(
      'big line',
      () => bigLineDirect({ root, mib: BIG_MIB }),
      () => bigLineBridge({ root, mib: BIG_MIB }),
    );
    const bridge = medianRound(runs.b);
    results.bigLine = {
      mib: BIG_MIB,
      directMs: median(runs.a.map((r) => r.ms)),
      bridge,
      ratio: { time: pairedRatio(runs, 'ms') },
      peakMaxMB: Math.max(...runs.b.map((r) => r.peakMB)),
      rounds: runs,
    };
    const b = results.bigLine;
    out.push(
      table(
        `7. One ${BIG_MIB} MiB result line (e2e/fixtures/big-result.mjs), tools/call to the line in hand (median of ${roundsText})`,
        ['path', 'ms', 'ratio'],
        [
          ['direct pipe', int(b.directMs), ratio(1)],
          ['bridge (its own process) + WebSocket', int(bridge.ms), ratio(b.ratio.time)],
        ],
      ) +
        `the bridge's peak RSS ${int(bridge.peakMB)} MB (at most ${int(b.peakMaxMB)}), from ${int(bridge.rssBeforeMB)} MB before the call: ` +
        `${f(bridge.copies, 1)}× the line's size held at once (goal: under 300 MB)\n`,
    );
  }
  if (ONLY.has('openfile')) {
    const { runOpenFileBench } = await import('./bench/openFile.mjs');
    const o = await runOpenFileBench({ root, events: OPEN_EVENTS, rounds: ROUNDS, timeoutMs: 300_000, log });
    const med = (key) => median(o.rounds.map((r) => r[key]));
    const per = (key, base) => median(o.rounds.map((r) => r[key] / r[base]));
    results.openFile = {
      events: o.events,
      bytes: o.bytes,
      parseMs: med('parseMs'),
      parseLongestMs: med('parseLongestMs'),
      openedMs: med('openedMs'),
      indexedMs: med('indexedMs'),
      longestMs: med('longestMs'),
      ratio: { longest: per('longestMs', 'parseLongestMs'), opened: per('openedMs', 'parseMs'), indexed: per('indexedMs', 'parseMs') },
      rounds: o.rounds,
    };
    const x = results.openFile;
    out.push(
      table(
        `8. A ${f(x.bytes / MB, 0)} MB session file of ${int(x.events)} events opened from the page (median of ${roundsText})`,
        ['what', 'ms', 'ratio to the baseline'],
        [
          ["baseline: JSON.parse of the file's text on the page's thread", int(x.parseMs), ratio(1)],
          ['the longest task of that parse', int(x.parseLongestMs), ''],
          ['opened through the app: the archive banner shown', int(x.openedMs), ratio(x.ratio.opened)],
          ['every event indexed', int(x.indexedMs), ratio(x.ratio.indexed)],
          ["the page's longest task meanwhile", int(x.longestMs), ratio(x.ratio.longest)],
        ],
      ) +
        `the longest task's ratio is to the baseline parse's longest task: well under 1× means the file is read and checked off the page's thread\n`,
    );
  }
  if (ONLY.has('config')) {
    log(`config: reading a ${CONFIG_MIB} MiB and a 1 MiB mcpServers file vs JSON.parse (${roundsText})`);
    const { configText, configRound } = await import('./bench/configFile.mjs');
    const { readServersFile } = await dist('protocol/mcpServersFile.js');
    const small = configText(MB);
    const large = configText(CONFIG_MIB * MB);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++)
      rounds.push({ small: configRound(readServersFile, small), large: configRound(readServersFile, large) });
    const smallRatio = median(rounds.map((r) => r.small.readMs / r.small.parseMs));
    const largeRatio = median(rounds.map((r) => r.large.readMs / r.large.parseMs));
    results.config = {
      mib: CONFIG_MIB,
      servers: rounds[0]?.large.servers,
      readMs: median(rounds.map((r) => r.large.readMs)),
      parseMs: median(rounds.map((r) => r.large.parseMs)),
      ratio: { large: largeRatio, small: smallRatio, growth: largeRatio / smallRatio },
      rounds,
    };
    const c = results.config;
    out.push(
      table(
        `9. An mcpServers config file of ${CONFIG_MIB} MiB (${int(c.servers)} entries), read with every entry placed (median of ${roundsText})`,
        ['what', 'ms', 'ratio'],
        [
          ['JSON.parse of its text', int(c.parseMs), ratio(1)],
          ['readServersFile (protocol/mcpServersFile.ts)', int(c.readMs), ratio(c.ratio.large)],
        ],
      ) +
        `that ratio at ${CONFIG_MIB} MiB over the same at 1 MiB (${f(c.ratio.small, 1)}×): ${f(c.ratio.growth, 2)} (near 1: linear; ` +
        `${CONFIG_MIB} if each place rescanned the file)\n`,
    );
  }
  if (ONLY.has('tap')) {
    log(`tap: ${TAP_N} round trips (after ${TAP_WARMUP} warm-up) and two floods of ${FLOOD_LINES} lines per path and round`);
    const { runTapBench } = await import('./bench/tap.mjs');
    const t = await runTapBench({
      root,
      rounds: ROUNDS,
      n: TAP_N,
      warmup: TAP_WARMUP,
      floodLines: FLOOD_LINES,
      batch: TAP_BATCH,
      log,
      children: live.children,
    });
    const taps = ['tap, journal', 'tap, bridge', 'tap, journal, Node relay'];
    const relayed = [...(t.paths.includes('C relay') ? ['C relay'] : []), 'bare relay', ...taps];
    const byPath = (runs, name) => medianRound(runs.map((r) => r[name]));
    const perRound = (runs, name, key, base = 'direct') => runs.map((r) => r[name][key] / r[base][key]);
    const incomplete = [];
    // A bridge that falls behind a flood is left for the tap's own journal (ADR 10): the record
    // is whole across the two, and counted so; that it happened is said, not failed.
    const fellBack = [];
    const checkRecord = (label, runs) => {
      for (const [i, round] of runs.entries())
        for (const name of taps) {
          const run = round[name];
          if (!run.complete) incomplete.push(`${label}, round ${i + 1}, ${name}: ${run.recorded} lines recorded`);
          if (run.fellBack) fellBack.push(`${label}, round ${i + 1}`);
        }
    };
    const rt = t.roundTrip;
    checkRecord('round trip', rt);
    const rtRow = (name) => {
      const x = byPath(rt, name);
      return [name, f(x.startMs, 0), f(x.p50, 3), f(x.p90, 3), f(x.p99, 3), f(x.mean, 3), int(x.callsPerSec)];
    };
    const rtRatio = (name) => [
      `  ratio to direct`,
      ratio(median(perRound(rt, name, 'startMs'))),
      ratio(median(perRound(rt, name, 'p50'))),
      ratio(median(perRound(rt, name, 'p90'))),
      ratio(median(perRound(rt, name, 'p99'))),
      ratio(median(perRound(rt, name, 'mean'))),
      ratio(median(perRound(rt, name, 'callsPerSec'))),
    ];
    results.tap = {
      n: TAP_N,
      warmup: TAP_WARMUP,
      batch: TAP_BATCH,
      floodLines: FLOOD_LINES,
      roundTrip: {},
      floods: {},
      incomplete,
      fellBack,
    };
    for (const name of ['direct', ...relayed]) results.tap.roundTrip[name] = byPath(rt, name);
    for (const name of relayed)
      results.tap.roundTrip[`${name}/direct`] = {
        p50: median(perRound(rt, name, 'p50')),
        p99: median(perRound(rt, name, 'p99')),
        p50Rounds: perRound(rt, name, 'p50'),
        p99Rounds: perRound(rt, name, 'p99'),
      };
    for (const name of taps)
      for (const base of relayed.filter((b) => b === 'C relay' || b === 'bare relay'))
        results.tap.roundTrip[`${name}/${base}`] = {
          p50: median(perRound(rt, name, 'p50', base)),
          p50Rounds: perRound(rt, name, 'p50', base),
        };
    results.tap.roundTripRounds = rt;
    let text =
      table(
        `11. The tap: ${int(TAP_N)} sequential tools/call echo from a host to the demo server, direct and through \`mcp-lens tap --\` (ms; median of ${roundsText})`,
        ['path', 'start', 'p50', 'p90', 'p99', 'mean', 'calls/s'],
        [rtRow('direct'), ...relayed.flatMap((name) => [rtRow(name), rtRatio(name)])],
      ) +
      relayed
        .map((name) => `per-round ratio ${name}/direct: p50 ${range(perRound(rt, name, 'p50'))}, p99 ${range(perRound(rt, name, 'p99'))}`)
        .join('; ') +
      ` (goal: p50 within 1.10×)\n` +
      taps
        .flatMap((name) =>
          relayed
            .filter((base) => base === 'C relay' || base === 'bare relay')
            .map(
              (base) =>
                `${name}/${base}: p50 ${ratio(median(perRound(rt, name, 'p50', base)))} (${range(perRound(rt, name, 'p50', base))})`,
            ),
        )
        .join('; ') +
      `\nstart: spawn to the initialize answer\n\n`;
    const floodRows = [];
    for (const [label, runs] of Object.entries(t.floods)) {
      checkRecord(label, runs);
      const direct = byPath(runs, 'direct');
      floodRows.push([`${label}: direct`, int(direct.ms), int(direct.linesPerSec), '']);
      results.tap.floods[label] = { direct };
      for (const name of relayed) {
        const x = byPath(runs, name);
        const ratios = perRound(runs, name, 'linesPerSec');
        results.tap.floods[label][name] = { ...x, ratio: median(ratios), ratioRounds: ratios };
        floodRows.push([`${label}: ${name}`, int(x.ms), int(x.linesPerSec), `${ratio(median(ratios))} (${range(ratios)})`]);
      }
      results.tap.floods[label].rounds = runs;
    }
    text += table(
      `    floods of ${int(FLOOD_LINES)} lines of 200 bytes, first byte to last line at the host (median of ${roundsText})`,
      ['path', 'ms', 'lines/s', 'ratio to direct (rounds)'],
      floodRows,
    );
    text +=
      incomplete.length === 0
        ? `every tapped run recorded every line${fellBack.length === 0 ? ', none left the bridge' : ''}\n`
        : `RECORD INCOMPLETE: ${incomplete.join('; ')}\n`;
    if (fellBack.length > 0)
      text += `the bridge fell behind and the tap journaled the rest itself (the record whole across both): ${fellBack.join('; ')}\n`;
    if (incomplete.length > 0) process.exitCode = 1;
    out.push(text);
  }
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  for (const bridge of live.bridges) await bridge.close().catch(() => undefined);
  for (const child of live.children) child.kill('SIGKILL');
}

results.totalSeconds = (now() - runStarted) / 1000;
const othersBusy = othersBusyDuringRun();
results.machine.busyBeforeRun = busyAtStart;
results.machine.othersBusyDuringRun = othersBusy ?? null;
results.machine.loadAverage = { atStart: loadAtStart, atEnd: os.loadavg()[0] };
const pct = (share) => `${Math.round(share * 100)}%`;
out.push(
  `other processes used ${pct(busyAtStart)} of the ${results.machine.cpus} cores just before the run` +
    (othersBusy === undefined ? '' : ` and about ${pct(othersBusy)} during it`) +
    (busyAtStart > 0.15 || (othersBusy ?? 0) > 0.15
      ? '; the machine was not quiet: the ratios hold up better than the absolute figures, but rerun to trust either'
      : '') +
    '\n',
);
const header =
  `MCP Lens benchmarks, ${results.date.slice(0, 10)}: ${results.machine.cpus} × ${results.machine.cpuModel}, ` +
  `${results.machine.memoryGB} GB, Node ${results.machine.node}, ${results.machine.platform}\n` +
  `Absolute figures are medians over ${roundsText}; a ratio is the median of the per-round ratios (both paths run back to back in each round).\n`;
process.stdout.write(`\n${header}\n${out.join('\n')}\n`);
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-bench-'));
const outFile = path.join(outDir, 'bench-results.json');
fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(`total ${f(results.totalSeconds, 1)} s; figures as JSON in ${outFile}\n`);
watchdog(10_000);
