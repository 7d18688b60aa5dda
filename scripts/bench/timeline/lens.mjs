// MCP Lens as a user runs it, for the browser benchmarks: the built bin in its own process
// group (so its servers go with it), a home of our choosing, stopped with Ctrl-C. In its own
// process, the bridge's work never lands in the benchmark's event loop, nor the other way.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const START_MS = 90_000;

/** Every bridge still running and every temporary home, for the synchronous cleanup on exit and Ctrl-C. */
const running = new Set();
const homes = new Set();

export function killLensSync() {
  for (const proc of running) {
    try {
      process.kill(-proc.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
  for (const home of homes) fs.rmSync(home, { recursive: true, force: true });
  homes.clear();
}

/** A fresh MCP_LENS_HOME under the system's temporary directory. */
export function tempHome(prefix) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  homes.add(home);
  return home;
}

export function removeHome(home) {
  fs.rmSync(home, { recursive: true, force: true });
  homes.delete(home);
}

export async function startLens(root, home) {
  const proc = spawn(process.execPath, [path.join(root, 'dist', 'node', 'bridge', 'bin.js'), '--port', '0', '--no-open'], {
    cwd: root,
    env: { ...process.env, MCP_LENS_HOME: home },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  let out = '';
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mcp-lens printed no URL within ${START_MS} ms:\n${out}`)), START_MS);
    const onData = (data) => {
      out += data.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`mcp-lens exited (${how}) before printing its URL:\n${out}`));
    });
  });
  const parsed = new URL(url);
  const token = parsed.hash.replace('#token=', '');
  return {
    url,
    pid: proc.pid,
    origin: parsed.origin,
    token,
    home,
    /** The journal file of the bridge's own (live) session. */
    liveJournal: async () => {
      const res = await fetch(`${parsed.origin}/api/session`, { headers: { authorization: `Bearer ${token}` } });
      return (await res.json()).journalFile;
    },
    /** Ctrl-C, then wait for the bridge to stop its servers and exit. */
    async stop() {
      try {
        process.kill(-proc.pid, 'SIGINT');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-proc.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 30_000);
      await exited;
      clearTimeout(timer);
      running.delete(proc);
    },
  };
}

/**
 * The first line event in the file's last `tailBytes` whose text holds `text` and that
 * `accept`s, or undefined. Reading the tail keeps a poll cheap however long the journal grows.
 */
export function findInJournalTail(file, text, accept, tailBytes = 1 << 20) {
  // In the journal the text is a JSON string: look for it escaped, then check the parsed event.
  const escaped = JSON.stringify(text).slice(1, -1);
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const start = Math.max(0, size - tailBytes);
    const buf = Buffer.alloc(size - start);
    fs.readSync(fd, buf, 0, buf.length, start);
    const lines = buf.toString('utf8').split('\n');
    if (start > 0) lines.shift(); // cut mid-line
    for (const line of lines) {
      if (!line.includes(escaped)) continue;
      const event = JSON.parse(line);
      if (event.kind === 'line' && event.text?.includes(text) && accept(event)) return event;
    }
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
