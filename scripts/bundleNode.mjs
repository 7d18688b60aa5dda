// The three programs MCP Lens starts as processes (the CLI and bridge, the demo server over stdio
// and over HTTP) become one file each, with their dependencies, over tsc's output of the same
// name. Node then reads a handful of files at start, not some 400 modules: a start took about a
// third less CPU, and the tests start these programs many hundreds of times. Everything else in
// dist/node stays as tsc wrote it (scripts/start.mjs and the benchmarks import modules from it).
// Every bundled module sits two directories under dist/, as bridge/ and demo/ do, so the paths
// they find from their own URL (../demo/server.js, ../../web/) hold either way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist', 'node');
const out = path.join(root, 'dist', '.node-bundle');
const entries = ['bridge/bin', 'demo/server', 'demo/httpServer'];

fs.rmSync(out, { recursive: true, force: true });
await build({
  input: Object.fromEntries(entries.map((name) => [name, path.join(dist, `${name}.js`)])),
  platform: 'node',
  // `open` finds its helper script beside its own files; the optional native add-ons of `ws`
  // may be absent. They load from node_modules as before.
  external: [/^node:/, 'open', 'bufferutil', 'utf-8-validate'],
  logLevel: 'warn',
  output: {
    dir: out,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    // Maps only when asked (`node scripts/build.mjs --force --sourcemap`): they were over a quarter of the
    // packed tarball, and a user's stack traces do not need them.
    sourcemap: process.argv.includes('--sourcemap'),
  },
});
fs.rmSync(path.join(dist, 'chunks'), { recursive: true, force: true });
// A map left from an earlier build with --sourcemap would describe the previous bundle.
for (const name of entries) fs.rmSync(path.join(dist, `${name}.js.map`), { force: true });
fs.cpSync(out, dist, { recursive: true });
fs.rmSync(out, { recursive: true, force: true });
