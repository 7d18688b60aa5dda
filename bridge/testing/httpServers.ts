/**
 * Real HTTP MCP servers for tests, as child processes: the demo over Streamable HTTP (it prints
 * its address), @modelcontextprotocol/server-everything's streamableHttp and its older sse (both
 * listen on $PORT)
 * and an SDK server serving 2025-era traffic statelessly (e2e/fixtures/http-sdk-stateless.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from './bridgeClient.js';

export interface RunningHttpServer {
  /** The MCP endpoint. */
  url: string;
  stop: () => Promise<void>;
}

export const demoHttpServerJs = path.join(repoRoot, 'dist', 'node', 'demo', 'httpServer.js');
export const sdkStatelessJs = path.join(repoRoot, 'e2e', 'fixtures', 'http-sdk-stateless.mjs');
export const everythingJs = path.join(repoRoot, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

/** `dist/node/demo/httpServer.js --flow F`, on a free port. */
export function startDemoHttp(flow: 'handshake' | 'stateless' | 'both' = 'both'): Promise<RunningHttpServer> {
  const child = spawn(process.execPath, [demoHttpServerJs, '--flow', flow, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return waitForLine(child, child.stdout, /listening on (http:\/\/\S+)/, (m) => m[1] ?? '');
}

/** server-everything's Streamable HTTP server, on a port found free just before. */
export async function startEverythingHttp(): Promise<RunningHttpServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [everythingJs, 'streamableHttp'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port) },
  });
  return waitForLine(child, child.stderr, /listening on port (\d+)/, () => `http://127.0.0.1:${port}/mcp`);
}

/** server-everything's older HTTP+SSE server (2024-11-05): GET /sse names the endpoint; the URL given is /sse. */
export async function startEverythingSse(): Promise<RunningHttpServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [everythingJs, 'sse'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port) },
  });
  return waitForLine(child, child.stderr, /running on port (\d+)/, () => `http://127.0.0.1:${port}/sse`);
}

/** An SDK server with no sessions and no GET stream (GET and DELETE answered 405), on a free port. */
export function startSdkStatelessHttp(): Promise<RunningHttpServer> {
  const child = spawn(process.execPath, [sdkStatelessJs], { stdio: ['ignore', 'pipe', 'pipe'] });
  return waitForLine(child, child.stdout, /listening on (http:\/\/\S+)/, (m) => m[1] ?? '');
}

function waitForLine(
  child: ChildProcess,
  stream: NodeJS.ReadableStream | null,
  pattern: RegExp,
  url: (match: RegExpMatchArray) => string,
): Promise<RunningHttpServer> {
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    if (!stream) return reject(new Error('no output to read the address from'));
    const lines = readline.createInterface({ input: stream });
    const seen: string[] = [];
    lines.on('line', (line) => {
      seen.push(line);
      const match = pattern.exec(line);
      if (match) resolve({ url: url(match), stop });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${String(code)}) before listening: ${seen.join('\n')}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
