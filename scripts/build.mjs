// Builds what is missing or stale: the node side (tsc -> dist/node) and the app (vite -> dist/web).
// `--force` rebuilds everything; `--no-check` emits without type checking (for `npm test`, whose
// typecheck stage runs beside the build, and for `npm start`: a first start needs the programs, and
// the type check is the developer's, in `npm run typecheck` and `npm test`); `--sourcemap` writes
// the bundled programs' source maps. Used by `npm start`, `npm run build` and `npm pack`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleOutputs } from './buildState.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const force = process.argv.includes('--force');
const check = !process.argv.includes('--no-check');
const sourcemap = process.argv.includes('--sourcemap');

function run(label, script, args) {
  process.stdout.write(`mcp-lens build: ${label}\n`);
  // Always a production build: a NODE_ENV inherited from a test runner ("test") would make
  // Vite bundle React's development build, which behaves differently (StrictMode re-runs).
  const env = { ...process.env, NODE_ENV: 'production' };
  const child = spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, stdio: 'inherit', env });
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

const outputs = force ? { node: true, web: true } : staleOutputs(root);
const nodeStale = outputs.node;
const webStale = outputs.web;
if ((nodeStale || webStale) && !fs.existsSync(path.join(root, 'node_modules', 'typescript'))) {
  process.stderr.write('mcp-lens build: dependencies are missing; run `npm install` first\n');
  process.exit(1);
}
// The two outputs share nothing (dist/node, dist/web), so they build side by side.
await Promise.all([
  nodeStale &&
    run('compiling the bridge, protocol and demo server', 'node_modules/typescript/bin/tsc', [
      '-p',
      'tsconfig.build.json',
      ...(check ? [] : ['--noCheck']),
    ])
      .then((ok) => ok && run('bundling its three programs', 'scripts/bundleNode.mjs', sourcemap ? ['--sourcemap'] : []))
      .then((ok) => ok && run('building the tap’s relay', 'scripts/buildRelay.mjs', []))
      .then((ok) => {
        if (!ok) return;
        for (const bin of ['dist/node/bridge/bin.js', 'dist/node/demo/server.js', 'dist/node/demo/httpServer.js'])
          fs.chmodSync(path.join(root, bin), 0o755);
        touch('.node-stamp');
      }),
  webStale &&
    run('bundling the web app', 'node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn'])
      // The HTML viewer's template goes into dist/web, which the app's build empties first.
      .then((ok) => ok && run('building the HTML viewer', 'scripts/buildViewer.mjs', []))
      .then((ok) => {
        if (ok) touch('.web-stamp');
      }),
]);
