/**
 * A host at the byte level, for the tap's tests: it starts a command, writes scripted chunks to
 * its stdin (each step may first wait for something on stdout or stderr), and keeps every byte of
 * stdout and stderr and how the process ended. Run once with a server and once with
 * `mcp-lens tap -- server`, the two runs must match exactly.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bridgeBinJs, fixturePath, repoRoot } from './bridgeClient.js';

/** A JSON-RPC message as one line, as a host writes it. */
export const json = (value: unknown): string => `${JSON.stringify(value)}\n`;
/** The handshake a raw host opens with (the 2025-11-25 flow). */
export const initialize = json({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-host', version: '1.0.0' } },
});
export const initialized = json({ jsonrpc: '2.0', method: 'notifications/initialized' });

export type HostStep =
  /** Writes these bytes to the process's stdin, in one write. */
  | { write: Buffer | string }
  /** Waits until the stream holds this text (or the process has ended). */
  | { waitFor: string; on?: 'stdout' | 'stderr' }
  /** Ends the process's stdin: the host closes its side. */
  | { end: true }
  /** Stops reading stdout and closes the host's end of it, as a host that has gone away does. */
  | { stopReading: true }
  /** Sends the process a signal. */
  | { signal: NodeJS.Signals }
  /** Does something beside the host (stops a bridge, waits on a journal) before the next step. */
  | { run: () => Promise<void> };

export interface HostRun {
  stdout: Buffer;
  stderr: Buffer;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A run that has not ended this long after its last step is killed, so a test fails instead of hanging. */
const RUN_LIMIT_MS = 120_000;

export async function runHost(argv: readonly string[], steps: readonly HostStep[], env: NodeJS.ProcessEnv = process.env): Promise<HostRun> {
  const [command, ...args] = argv as [string, ...string[]];
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env, cwd: repoRoot });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', (chunk: Buffer) => {
    out.push(chunk);
    changed();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err.push(chunk);
    changed();
  });
  // A server that is gone refuses what the host still writes; the host carries on, as hosts do.
  child.stdin.on('error', () => undefined);
  let done = false;
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => {
      done = true;
      changed();
      resolve({ code, signal });
    }),
  );
  const until = (holds: () => boolean): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (!holds() && !done) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
    });

  for (const step of steps) {
    if ('write' in step) {
      await new Promise<void>((resolve) => {
        if (done || child.stdin.destroyed) return resolve();
        child.stdin.write(step.write, () => resolve());
      });
    } else if ('waitFor' in step) {
      const chunks = step.on === 'stderr' ? err : out;
      await until(() => Buffer.concat(chunks).includes(step.waitFor));
    } else if ('end' in step) child.stdin.end();
    else if ('stopReading' in step) child.stdout.destroy();
    else if ('signal' in step) child.kill(step.signal);
    else await step.run();
  }
  const limit = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
  const { code, signal } = await ended;
  clearTimeout(limit);
  return { stdout: Buffer.concat(out), stderr: Buffer.concat(err), code, signal };
}

/** The command line of a Node server script (a fixture's name, or a path). */
export function nodeCommand(script: string, ...args: string[]): string[] {
  return [process.execPath, path.isAbsolute(script) ? script : fixturePath(script), ...args];
}

/** The same server behind the built `mcp-lens tap`. */
export function tapped(server: readonly string[], ...tapArgs: string[]): string[] {
  return [process.execPath, bridgeBinJs, 'tap', ...tapArgs, '--', ...server];
}

/**
 * How a run through the tap differs from the direct one (undefined: not at all). The bytes of
 * stdout and stderr and the end must match; a server's own pid, the one thing two runs of it may
 * print differently, is the only thing set aside.
 */
export function runDifference(tap: HostRun, direct: HostRun): string | undefined {
  const stdout = bytesDifference(tap.stdout, direct.stdout);
  if (stdout) return `stdout: ${stdout}`;
  const stderr = bytesDifference(withoutPids(tap.stderr), withoutPids(direct.stderr));
  if (stderr) return `stderr: ${stderr}\n${tap.stderr.toString()}`;
  if (tap.code !== direct.code || tap.signal !== direct.signal)
    return `the end: code ${tap.code} signal ${tap.signal} vs code ${direct.code} signal ${direct.signal}`;
  return undefined;
}

/** Where two byte strings first differ, or undefined when they are the same. */
export function bytesDifference(a: Buffer, b: Buffer): string | undefined {
  if (a.equals(b)) return undefined;
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const around = (buf: Buffer): string => JSON.stringify(buf.subarray(Math.max(0, at - 40), at + 40).toString('latin1'));
  return `${a.length} vs ${b.length} bytes, first difference at ${at}: ${around(a)} vs ${around(b)}`;
}

function withoutPids(stderr: Buffer): Buffer {
  return Buffer.from(stderr.toString('latin1').replace(/\(pid \d+\)/g, '(pid N)'), 'latin1');
}
