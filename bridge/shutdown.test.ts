// Ctrl-C on the real CLI: the bin must stop every server it started, even one that ignores
// SIGTERM, and then exit.
import { describe, it, expect } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BridgeClient, bridgeBinJs, demoServerJs, eventually, nodeServer, pidAlive } from './testing/bridgeClient.js';
import { VERSION } from './version.js';

interface RunningBin {
  proc: ChildProcessWithoutNullStreams;
  port: number;
  token: string;
  stdout: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  home: string;
}

async function startBin(): Promise<RunningBin> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-bin-'));
  const env: NodeJS.ProcessEnv = { ...process.env, MCP_LENS_HOME: home, CI: '1' };
  delete env.MCP_LENS_TOKEN;
  delete env.PORT;
  const proc = spawn(process.execPath, [bridgeBinJs, '--port', '0', '--no-open'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const pattern = new RegExp(
    `MCP Lens ${VERSION.replaceAll('.', '\\.')} is running at http://127\\.0\\.0\\.1:(\\d+)/#token=([A-Za-z0-9_-]+)`,
  );
  const ok = await eventually(() => pattern.test(out) || proc.exitCode !== null, 15_000);
  const match = pattern.exec(out);
  if (!ok || !match) {
    proc.kill('SIGKILL');
    throw new Error(`the bin did not start:\nstdout: ${out}\nstderr: ${err}`);
  }
  return { proc, port: Number(match[1]), token: match[2] ?? '', stdout: () => out, exited, home };
}

/** Starts the ignore-sigterm fixture and the demo server through the bin; returns their pids. */
async function startServers(bin: RunningBin, client: BridgeClient): Promise<number[]> {
  const stubborn = await client.spawn('stubborn', nodeServer('ignore-sigterm.mjs'));
  const demo = await client.spawn('demo', { command: process.execPath, args: [demoServerJs] });
  await client.waitForLine('stubborn', 'stderr', 'ready');
  await client.waitForLine('demo', 'stderr', 'ready on stdio');
  expect(pidAlive(stubborn) && pidAlive(demo)).toBe(true);
  expect(bin.proc.exitCode).toBeNull();
  return [stubborn, demo];
}

function cleanup(bin: RunningBin | undefined, pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
  if (bin) {
    if (bin.proc.exitCode === null && bin.proc.signalCode === null) bin.proc.kill('SIGKILL');
    fs.rmSync(bin.home, { recursive: true, force: true });
  }
}

describe('Ctrl-C on mcp-lens', () => {
  it('stops every server, even one that ignores SIGTERM, then exits', async () => {
    let bin: RunningBin | undefined;
    let pids: number[] = [];
    try {
      bin = await startBin();
      const client = await BridgeClient.connect(bin);
      pids = await startServers(bin, client);

      const started = Date.now();
      bin.proc.kill('SIGINT');
      const exit = await Promise.race([bin.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 8000))]);
      const elapsed = Date.now() - started;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(elapsed).toBeLessThan(6000);
      for (const pid of pids) expect(pidAlive(pid), `pid ${pid} outlived the bridge`).toBe(false);
      expect(bin.stdout()).toContain('mcp-lens: SIGINT, stopping servers...');

      // The socket was closed by the bridge, and the journal tells the whole story.
      await eventually(() => client.closed, 2000);
      expect(client.closed).toBe(true);
      const dir = path.join(bin.home, 'journal');
      const [file] = fs.readdirSync(dir);
      const events = fs
        .readFileSync(path.join(dir, file ?? ''), 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { kind: string; conn?: string; step?: string; requested?: boolean; message?: string });
      expect(events.filter((e) => e.kind === 'stop' && e.conn === 'stubborn').map((e) => e.step)).toEqual([
        'close-stdin',
        'sigterm',
        'sigkill',
      ]);
      expect(events.filter((e) => e.kind === 'exit').map((e) => [e.conn, e.requested])).toEqual(
        expect.arrayContaining([
          ['stubborn', true],
          ['demo', true],
        ]),
      );
      expect(events.at(-1)).toMatchObject({ kind: 'notice', message: 'bridge stopped' });
    } finally {
      cleanup(bin, pids);
    }
  }, 30_000);

  it('a second Ctrl-C kills every server at once and exits with 130', async () => {
    let bin: RunningBin | undefined;
    let pids: number[] = [];
    try {
      bin = await startBin();
      const client = await BridgeClient.connect(bin);
      pids = await startServers(bin, client);

      const started = Date.now();
      bin.proc.kill('SIGINT');
      await eventually(() => bin?.stdout().includes('stopping servers') ?? false, 2000);
      bin.proc.kill('SIGINT');
      const exit = await Promise.race([bin.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 8000))]);
      expect(exit).toEqual({ code: 130, signal: null });
      expect(Date.now() - started).toBeLessThan(1900); // well before the first grace period ends
      // SIGKILL is sent synchronously; the kernel may take a moment to reap.
      expect(await eventually(() => pids.every((pid) => !pidAlive(pid)), 2000)).toBe(true);
      await client.close();
    } finally {
      cleanup(bin, pids);
    }
  }, 30_000);
});
