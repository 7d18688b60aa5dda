// Benchmark 7: one big result line (e2e/fixtures/big-result.mjs, BENCH_BIG_MIB MiB) from the
// server to a WebSocket client, through the bridge in its own process, against the same line
// read straight from the server's stdout. Reported: the time from the tools/call to the line in
// hand on both paths, and the bridge's peak resident memory (VmHWM, Linux) over what it held
// before, as a multiple of the line's size: how many copies of the line it held at once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { removeHome, startLens, tempHome } from './timeline/lens.mjs';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens-bench', version: '0.0.0' } },
};
const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'big', arguments: {} } };

function statusMB(pid, field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** The fixture spawned here: ms from the tools/call to its whole answer line read. */
export async function bigLineDirect({ root, mib }) {
  const child = spawn(process.execPath, [path.join(root, 'e2e', 'fixtures', 'big-result.mjs')], {
    env: { ...process.env, BIG_BYTES: String(mib * 1024 * 1024) },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const chunks = [];
  let started = 0;
  const answered = new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      chunks.push(chunk);
      if (chunk.includes(0x0a) && started) {
        const text = Buffer.concat(chunks).toString('utf8');
        if (text.includes('"id":2')) resolve(performance.now() - started);
      }
    });
  });
  child.stdin.write(`${JSON.stringify(initialize)}\n`);
  started = performance.now();
  child.stdin.write(`${JSON.stringify(call)}\n`);
  const ms = await answered;
  child.kill('SIGKILL');
  return { ms };
}

/** The bridge's bin with one WebSocket client: ms to the line event, and the bridge's peak memory. */
export async function bigLineBridge({ root, mib }) {
  const home = tempHome('mcp-lens-bench-bigline-');
  const lens = await startLens(root, home);
  const ws = new WebSocket(`ws://127.0.0.1:${new URL(lens.origin).port}/ws?token=${lens.token}`, {
    headers: { Origin: lens.origin },
    maxPayload: 2 ** 31,
  });
  try {
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    let spawned;
    const spawnSeen = new Promise((resolve) => (spawned = resolve));
    let arrived;
    const lineSeen = new Promise((resolve) => (arrived = resolve));
    const size = mib * 1024 * 1024;
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString('utf8'));
      if (frame.type !== 'events') return;
      for (const event of frame.events) {
        if (event.kind === 'spawn') spawned();
        if (event.kind === 'line' && event.stream === 'stdout' && event.size > size) arrived(event.size);
      }
    });
    const send = (command) => ws.send(JSON.stringify(command));
    send({ type: 'attach', after: -1 });
    send({
      type: 'spawn',
      conn: 'big',
      config: { command: process.execPath, args: [path.join(root, 'e2e', 'fixtures', 'big-result.mjs')], env: { BIG_BYTES: String(size) } },
    });
    await spawnSeen;
    send({ type: 'send', conn: 'big', text: JSON.stringify(initialize) });
    const rssBeforeMB = statusMB(lens.pid, 'VmRSS');
    const peakBeforeMB = statusMB(lens.pid, 'VmHWM');
    const started = performance.now();
    send({ type: 'send', conn: 'big', text: JSON.stringify(call) });
    const lineBytes = await lineSeen;
    const ms = performance.now() - started;
    const peakMB = statusMB(lens.pid, 'VmHWM');
    return { ms, lineBytes, rssBeforeMB, peakMB, peakBeforeMB, copies: (peakMB - rssBeforeMB) / (lineBytes / 1024 / 1024) };
  } finally {
    ws.close();
    await lens.stop();
    removeHome(home);
  }
}
