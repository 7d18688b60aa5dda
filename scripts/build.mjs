// Builds what is missing or stale: the node side (tsc -> dist/node) and the app (vite -> dist/web).
// `--force` rebuilds everything; `--no-check` emits without type checking (for `npm test`, whose
// typecheck stage runs beside the build). Used by `npm start`, `npm run build` and `npm pack`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const force = process.argv.includes('--force');
const check = !process.argv.includes('--no-check');

/** Newest change among the sources; tests and test helpers are never built, so they do not count. */
function newestMtime(entries) {
  let newest = 0;
  const walk = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (['node_modules', 'dist', 'testing'].includes(path.basename(p))) return;
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else if (!p.endsWith('.test.ts')) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const e of entries) walk(path.join(root, e));
  return newest;
}

function stale(stamp, sources) {
  if (force) return true;
  const stampFile = path.join(root, 'dist', stamp);
  if (!fs.existsSync(stampFile)) return true;
  return newestMtime(sources) > fs.statSync(stampFile).mtimeMs;
}

function run(label, bin, args) {
  process.stdout.write(`mcp-lens build: ${label}\n`);
  // Always a production build: a NODE_ENV inherited from a test runner ("test") would make
  // Vite bundle React's development build, which behaves differently (StrictMode re-runs).
  const env = { ...process.env, NODE_ENV: 'production' };
  const child = spawn(process.execPath, [path.join(root, 'node_modules', bin), ...args], { cwd: root, stdio: 'inherit', env });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (code !== 0) {
        process.stderr.write(`mcp-lens build: ${label} failed\n`);
        process.exitCode = code ?? 1;
      }
      resolve(code === 0);
    });
  });
}

function touch(stamp) {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist', stamp), new Date().toISOString());
}

const nodeSources = ['protocol', 'bridge', 'demo', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];
const webSources = ['web', 'protocol', 'vite.config.ts', 'package.json'];
const nodeStale = stale('.node-stamp', nodeSources);
const webStale = stale('.web-stamp', webSources);
if ((nodeStale || webStale) && !fs.existsSync(path.join(root, 'node_modules', 'typescript'))) {
  process.stderr.write('mcp-lens build: dependencies are missing; run `npm install` first\n');
  process.exit(1);
}
// The two outputs share nothing (dist/node, dist/web), so they build side by side.
await Promise.all([
  nodeStale &&
    run('compiling the bridge, protocol and demo server', 'typescript/bin/tsc', [
      '-p',
      'tsconfig.build.json',
      ...(check ? [] : ['--noCheck']),
    ]).then((ok) => {
      if (!ok) return;
      for (const bin of ['dist/node/bridge/bin.js', 'dist/node/demo/server.js']) fs.chmodSync(path.join(root, bin), 0o755);
      touch('.node-stamp');
    }),
  webStale &&
    run('bundling the web app', 'vite/bin/vite.js', ['build', '--logLevel', 'warn']).then((ok) => {
      if (ok) touch('.web-stamp');
    }),
]);
