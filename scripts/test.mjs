// `npm test`: everything the README promises, side by side where nothing orders it. The
// typecheck, lint and format check need no build and run from the start, beside the build; the
// unit/integration tests and the browser tests start on that one build as soon as it is done.
// Each stage's output is printed whole when it ends, so parallel stages never interleave.
// Exit 1 if any stage failed (every stage runs to its end, so one run shows every failure).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (name) => path.join(root, 'node_modules', name);
const node = process.execPath;
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;

const bins = {
  tsc: 'typescript/bin/tsc',
  eslint: 'eslint/bin/eslint.js',
  prettier: 'prettier/bin/prettier.cjs',
  vitest: 'vitest/vitest.mjs',
  playwright: '@playwright/test/cli.js',
};

/** A package.json script, run without npm in between (its bin under this Node), plus `extra` args. */
function npmScript(name, ...extra) {
  const [tool, ...args] = scripts[name].match(/"[^"]*"|\S+/g).map((word) => word.replace(/^"(.*)"$/, '$1'));
  return [node, [...(tool === 'node' ? [] : [bin(bins[tool])]), ...args, ...extra]];
}

/**
 * name -> [command, args]; `after` names a stage that must pass first, `then` one that must only
 * have ended. The browser tests are the longest path, so the static checks, which wait on nothing
 * and have no deadlines, run `background` (niced): they take the CPU the tests leave idle instead
 * of slowing them down.
 */
const stages = {
  // Types are the typecheck stage's job, so the build only emits (tsc --noCheck) and Vite bundles.
  build: { command: npmScript('build', '--no-check') },
  // The same commands as `npm run typecheck`, `lint` and `format:check`. The typecheck and the
  // format check keep caches in node_modules/.cache (exact: tsc's build info, prettier's file
  // contents), so a second run redoes only what changed; lint keeps none, since a change of
  // type in one file can make a promise in another float.
  typecheck: { command: npmScript('typecheck'), background: true },
  lint: { command: npmScript('lint'), background: true },
  format: { command: npmScript('format:check'), background: true },
  unit: { command: npmScript('test:unit'), after: 'build' },
  e2e: { command: npmScript('e2e'), after: 'build' },
  // The official conformance suite's client scenarios against `mcp-lens conformance-client`,
  // on the same build (scripts/conformance.mjs; what fails is in conformance/expected-failures.json).
  // --quick runs the first authorization scenario of each family (metadata, scope, iss, dpop…) and
  // every other scenario; `npm run conformance` runs all 57.
  // It starts when the unit stage ends, pass or fail (`then`): the suite times one of its checks
  // (sse-retry), and three stages of real processes at once on 2 cores made that check fail.
  conformance: { command: npmScript('conformance', '--no-build', '--quick'), after: 'build', then: 'unit' },
};

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();

function run(name, [command, args], background) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    process.stdout.write(paint('2', `npm test: ${name} started\n`));
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...(color ? { FORCE_COLOR: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (background && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // not allowed here: it runs at the normal priority, which is only slower
      }
    }
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const ms = Date.now() - t0;
      const ok = code === 0;
      const verdict = ok ? paint('32', 'passed') : paint('31', `FAILED (${signal ?? `exit ${code}`})`);
      process.stdout.write(`\n${paint('1', `── ${name} ${'─'.repeat(Math.max(0, 70 - name.length))}`)}\n`);
      process.stdout.write(Buffer.concat(chunks));
      process.stdout.write(`${paint('1', `── ${name}`)} ${verdict} in ${seconds(ms)}\n`);
      resolve({ name, ok, ms, skipped: false, output: ok ? '' : Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/** How much of a failed stage's account is printed again at the end. */
const TAIL_LINES = 80;

const results = new Map();
const pending = {};
for (const [name, stage] of Object.entries(stages)) {
  pending[name] = (async () => {
    if (stage.after) {
      const before = await pending[stage.after];
      if (!before.ok) return { name, ok: false, ms: 0, skipped: true, output: '' };
    }
    if (stage.then) await pending[stage.then];
    return run(name, stage.command, stage.background ?? false);
  })().then((result) => {
    results.set(name, result);
    return result;
  });
}
await Promise.all(Object.values(pending));

const all = [...results.values()];
// A failed stage's own account again, last, where a reader of only the end of the log (a CI
// page) sees it: the runner's list of failures if it printed one, else the stage's last lines.
for (const r of all.filter((r) => !r.ok && !r.skipped)) {
  const lines = r.output.split('\n');
  const from = lines.findIndex((line) => /Failed Tests \d|^\s+\d+ failed/.test(stripVTControlCharacters(line)));
  const tail = lines.slice(from >= 0 ? from : -TAIL_LINES).slice(0, TAIL_LINES);
  process.stdout.write(`\n${paint('1', `── ${r.name} failed; its failures again`)}\n${tail.join('\n')}\n`);
}
process.stdout.write(`\n${paint('1', 'npm test')}\n`);
for (const r of Object.keys(stages).map((name) => results.get(name))) {
  const verdict = r.skipped ? paint('33', 'skipped (its build failed)') : r.ok ? paint('32', 'passed') : paint('31', 'FAILED');
  process.stdout.write(`  ${r.name.padEnd(12)} ${verdict}${r.skipped ? '' : ` in ${seconds(r.ms)}`}\n`);
}
process.stdout.write(`  ${'total'.padEnd(12)} ${seconds(Date.now() - started)} wall\n`);
process.exitCode = all.every((r) => r.ok) ? 0 : 1;
