/**
 * Drives a stdio MCP server by hand for tests: writes exact lines to its stdin and waits for
 * the answer with a given id on stdout. Waits on lines arriving, never on time, so a slow
 * start on a loaded machine only makes the test slower.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import readline from 'node:readline';

export interface StdioPeer {
  /** Writes one line; resolves with the parsed answer carrying `id`. */
  request: (message: { id: number | string } & Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Writes one line and expects no answer (a notification). */
  notify: (message: Record<string, unknown>) => void;
  /** Every stdout line so far. */
  lines: string[];
  /**
   * Resolves with the first stdout message, of any kind (a server request or notification
   * too), that `match` accepts: one already received, or the next one to arrive.
   */
  message: (match: (message: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>;
  /** Resolves once stderr has matched `pattern`. */
  stderrMatch: (pattern: RegExp) => Promise<string>;
  close: () => Promise<void>;
}

export function spawnStdioPeer(command: string, args: string[]): StdioPeer {
  const child: ChildProcessWithoutNullStreams = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters = new Map<string, (message: Record<string, unknown>) => void>();
  const received: Array<Record<string, unknown>> = [];
  const watchers = new Set<(message: Record<string, unknown>) => void>();
  let stderr = '';
  const stderrWaiters = new Set<() => void>();
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    for (const check of [...stderrWaiters]) check();
  });
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
    const message = parsed as Record<string, unknown>;
    received.push(message);
    for (const watch of [...watchers]) watch(message);
    if (!('id' in message) || 'method' in message) return;
    const key = JSON.stringify(message.id);
    waiters.get(key)?.(message);
    waiters.delete(key);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const write = (message: Record<string, unknown>): void => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  };
  return {
    lines,
    notify: write,
    message: (match) =>
      new Promise((resolve, reject) => {
        const seen = received.find(match);
        if (seen) return resolve(seen);
        const watch = (message: Record<string, unknown>): void => {
          if (!match(message)) return;
          watchers.delete(watch);
          resolve(message);
        };
        watchers.add(watch);
        void exited.then(() => reject(new Error(`the server exited before sending the awaited message; stderr: ${stderr}`)));
      }),
    stderrMatch: (pattern) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const match = pattern.exec(stderr);
          if (!match) return;
          stderrWaiters.delete(check);
          resolve(match[0]);
        };
        stderrWaiters.add(check);
        void exited.then(() => reject(new Error(`the server exited before stderr matched ${String(pattern)}: ${stderr}`)));
        check();
      }),
    request: (message) =>
      new Promise((resolve, reject) => {
        const key = JSON.stringify(message.id);
        waiters.set(key, resolve);
        void exited.then(() => reject(new Error(`the server exited before answering id ${key}; stderr: ${stderr}`)));
        write(message);
      }),
    close: async () => {
      child.stdin.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
