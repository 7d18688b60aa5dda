// Benchmark 6: what a user waits for and downloads before the app is usable.
//   - start: spawn to the printed URL, for the bin (`node dist/node/bridge/bin.js`) and for
//     `npm start` (npm, then scripts/start.mjs's staleness check, then the bin), against a bare
//     `node -e ""`, npm's own floor (`npm start` of an empty script) and the official
//     inspector's proxy (spawn to listening) in the same round;
//   - first load: the bytes on the wire (as sent, compressed or not) until the app says "bridge
//     connected" (the JSON editor is not among them: it loads once arguments are edited).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../chromium.mjs';
import { removeHome, startLens, tempHome } from './timeline/lens.mjs';

const URL_LINE = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/;

/** Milliseconds from spawn to the first output matching `until` (or to the exit, for a bare node). */
function timeToOutput(command, args, { cwd, env, until }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let done = false;
    const finish = (ms) => {
      if (done) return;
      done = true;
      try {
        process.kill(-proc.pid, 'SIGINT');
      } catch {
        // already gone
      }
      resolve(ms);
    };
    const onData = (data) => {
      out += data.toString();
      if (until && until.test(out)) finish(performance.now() - started);
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => {
      if (!until) finish(performance.now() - started);
      else if (!done) reject(new Error(`${command} exited (${code}) before printing its URL:\n${out}`));
    });
  });
}

export async function startRound({ root }) {
  const home = tempHome('mcp-lens-bench-start-');
  const env = { MCP_LENS_HOME: home, CI: '1' };
  const args = ['--port', '0', '--no-open'];
  const bare = await timeToOutput(process.execPath, ['-e', ''], { cwd: root, env });
  const bin = await timeToOutput(process.execPath, [path.join(root, 'dist', 'node', 'bridge', 'bin.js'), ...args], {
    cwd: root,
    env,
    until: URL_LINE,
  });
  const npmStart = await timeToOutput('npm', ['start', '--silent', '--', ...args], { cwd: root, env, until: URL_LINE });
  // What npm itself costs: `npm start` of a package whose start script is a bare node.
  const floorDir = path.join(home, 'npm-floor');
  fs.mkdirSync(floorDir);
  fs.writeFileSync(
    path.join(floorDir, 'package.json'),
    JSON.stringify({ name: 'npm-floor', private: true, scripts: { start: 'node -e ""' } }),
  );
  const npmFloor = await timeToOutput('npm', ['start', '--silent'], { cwd: floorDir, env });
  // The official inspector's proxy (its web UI is a second server, not counted): spawn to listening.
  const inspector = await timeToOutput(
    process.execPath,
    [path.join(root, 'node_modules', '@modelcontextprotocol', 'inspector-server', 'build', 'index.js')],
    {
      cwd: root,
      env: { SERVER_PORT: '0', HOST: '127.0.0.1', MCP_PROXY_AUTH_TOKEN: 'bench' },
      until: /Proxy server listening/,
    },
  );
  removeHome(home);
  return { bareNodeMs: bare, binMs: bin, npmStartMs: npmStart, npmFloorMs: npmFloor, inspectorProxyMs: inspector };
}

export async function firstLoadRound({ root }) {
  const home = tempHome('mcp-lens-bench-load-');
  const lens = await startLens(root, home);
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext()).newPage();
    const client = await page.context().newCDPSession(page);
    await client.send('Network.enable');
    // Bytes as they came over the wire (headers and compressed bodies), per request.
    const wire = new Map();
    client.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));
    const names = new Map();
    client.on('Network.responseReceived', (e) =>
      names.set(e.requestId, {
        url: e.response.url,
        encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'],
      }),
    );
    const started = performance.now();
    await page.goto(lens.url);
    await page.getByText('bridge connected').waitFor();
    const readyMs = performance.now() - started;
    const atReady = sum(wire);
    const gzipped = [...names.values()].filter((n) => n.encoding === 'gzip').length;
    return { readyMs, firstLoadBytes: atReady, requests: wire.size, gzipped };
  } finally {
    await browser.close();
    await lens.stop();
    removeHome(home);
  }
}

function sum(map) {
  let total = 0;
  for (const bytes of map.values()) total += bytes;
  return total;
}
