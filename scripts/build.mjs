// Builds what is missing or stale: the node side (tsc -> dist/node) and the app (vite -> dist/web).
// `--force` rebuilds everything. Used by `npm start`, `npm run build` and `npm pack`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const force = process.argv.includes('--force');

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
      if (path.basename(p) === 'node_modules' || path.basename(p) === 'dist') return;
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else newest = Math.max(newest, stat.mtimeMs);
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
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', bin), ...args], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    process.stderr.write(`mcp-lens build: ${label} failed\n`);
    process.exit(result.status ?? 1);
  }
}

function touch(stamp) {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist', stamp), new Date().toISOString());
}

const nodeSources = ['protocol', 'bridge', 'demo', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];
if (stale('.node-stamp', nodeSources)) {
  if (!fs.existsSync(path.join(root, 'node_modules', 'typescript'))) {
    process.stderr.write('mcp-lens build: dependencies are missing; run `npm install` first\n');
    process.exit(1);
  }
  run('compiling the bridge, protocol and demo server', 'typescript/bin/tsc', ['-p', 'tsconfig.build.json']);
  for (const bin of ['dist/node/bridge/bin.js', 'dist/node/demo/server.js']) fs.chmodSync(path.join(root, bin), 0o755);
  touch('.node-stamp');
}
const webSources = ['web', 'protocol', 'vite.config.ts', 'package.json'];
if (stale('.web-stamp', webSources)) {
  run('bundling the web app', 'vite/bin/vite.js', ['build', '--logLevel', 'warn']);
  touch('.web-stamp');
}
