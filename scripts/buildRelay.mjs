// The tap's C relay (bridge/tap/relay.c, ADR 11): its source is copied beside the bundle, for
// a tap on another platform to build, and built for this one when a C compiler is here. Without
// one the build goes on: the tap then builds the relay itself, or relays in Node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const source = path.join(root, 'bridge', 'tap', 'relay.c');
const dist = path.join(root, 'dist', 'node');
fs.copyFileSync(source, path.join(dist, 'tap-relay.c'));
if (process.platform !== 'win32') {
  const target = path.join(dist, `tap-relay-${process.platform}-${process.arch}`);
  const built = spawnSync(process.env.CC ?? 'cc', ['-O2', '-o', target, source], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (built.status !== 0) {
    fs.rmSync(target, { force: true });
    const why = built.error ? built.error.message : (built.stderr.trim().split('\n')[0] ?? `exit ${built.status}`);
    process.stdout.write(`mcp-lens build: the tap's C relay was not built (${why}); a tap builds it or relays in Node\n`);
  }
}
