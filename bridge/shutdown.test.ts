// Ctrl-C on the real CLI: the bin must stop every server it started, even one that ignores
// SIGTERM, and then exit.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { BridgeClient, demoServerJs, eventually, nodeServer, pidAlive } from './testing/bridgeClient.js';
import { startBin, type RunningBin } from './testing/runBin.js';

/** Resolves once the bin has printed the text (the bin's own output is the event). */
function waitForText(bin: RunningBin, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (!bin.stdout().includes(text)) return;
      bin.proc.stdout.off('data', check);
      resolve();
    };
    bin.proc.stdout.on('data', check);
    check();
  });
}

/** The bin's journal (one session per run), as events. */
function journalOf(bin: RunningBin): Array<{ kind: string; conn?: string; step?: string; requested?: boolean; message?: string }> {
  const dir = path.join(bin.home, 'journal');
  const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  return fs
    .readFileSync(path.join(dir, file ?? ''), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { kind: string; conn?: string; step?: string; requested?: boolean; message?: string });
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

/** Starts the bin (or `npm start`) with its two servers, runs `body`, and leaves nothing behind. */
async function withServers(
  via: 'bin' | 'npm',
  body: (bin: RunningBin, client: BridgeClient, pids: number[]) => Promise<void>,
): Promise<void> {
  let bin: RunningBin | undefined;
  let pids: number[] = [];
  try {
    bin = await startBin(via);
    const client = await BridgeClient.connect(bin);
    pids = await startServers(bin, client);
    await body(bin, client, pids);
  } finally {
    cleanup(bin, pids);
  }
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
  it(
    'stops every server, even one that ignores SIGTERM, then exits',
    () =>
      withServers('bin', async (bin, client, pids) => {
        bin.proc.kill('SIGINT');
        // The escalation takes 2 x 2 s; the journal below shows each step, so no clock is needed.
        expect(await bin.exited).toEqual({ code: 0, signal: null });
        for (const pid of pids) expect(pidAlive(pid), `pid ${pid} outlived the bridge`).toBe(false);
        expect(bin.stdout()).toContain('mcp-lens: SIGINT, stopping servers...');

        // The socket was closed by the bridge, and the journal tells the whole story.
        await client.waitFor(() => client.closed, { timeoutMs: 30_000, what: 'the bridge closing the socket' });
        const events = journalOf(bin);
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
      }),
    90_000,
  );

  it(
    'a second Ctrl-C kills every server at once, still journals their exits, and exits with 130',
    () =>
      withServers('bin', async (bin, client, pids) => {
        bin.proc.kill('SIGINT');
        await waitForText(bin, 'stopping servers');
        bin.proc.kill('SIGINT');
        // 130 comes only from the second Ctrl-C, which kills every group and exits without waiting
        // out the grace periods (the first alone exits 0 once its escalation is done).
        expect(await bin.exited).toEqual({ code: 130, signal: null });
        // SIGKILL is sent synchronously; the kernel may take a moment to reap.
        expect(await eventually(() => pids.every((pid) => !pidAlive(pid)), 30_000)).toBe(true);
        // The exits were recorded before the bridge left.
        const events = journalOf(bin);
        expect(events.filter((e) => e.kind === 'exit').map((e) => e.conn)).toEqual(expect.arrayContaining(['stubborn', 'demo']));
        expect(events.at(-1)).toMatchObject({ kind: 'notice', message: 'bridge stopped' });
        await client.close();
      }),
    90_000,
  );

  it(
    'a SIGTERM to `npm start` stops the bridge and its servers too',
    () =>
      withServers('npm', async (bin, client, pids) => {
        // npm ends, and its shell with it; the bridge, orphaned, sees its parent change.
        bin.proc.kill('SIGTERM');
        await bin.exited;
        expect(await eventually(() => pids.every((pid) => !pidAlive(pid)), 60_000)).toBe(true);
        await client.waitFor(() => client.closed, { timeoutMs: 60_000, what: 'the bridge closing the socket' });
        const stopped = (): boolean => {
          try {
            return journalOf(bin).some((e) => e.kind === 'notice' && e.message === 'bridge stopped');
          } catch {
            return false; // read while a line was being written
          }
        };
        expect(await eventually(stopped, 60_000)).toBe(true);
        await client.close();
      }),
    120_000,
  );

  it(
    'a SIGKILL of the bridge leaves no server behind, not even one that ignores the end of its stdin',
    () =>
      withServers('bin', async (bin, client, pids) => {
        bin.proc.kill('SIGKILL');
        expect(await bin.exited).toEqual({ code: null, signal: 'SIGKILL' });
        // The watcher the bridge left behind sees its pipe close and kills each server's group.
        expect(await eventually(() => pids.every((pid) => !pidAlive(pid)), 30_000)).toBe(true);
        await client.close();
      }),
    90_000,
  );
});
