/**
 * Launches stdio servers and reports everything they do as events. No shell is ever used:
 * the command and each argument reach execve as given. Each child leads its own process
 * group so that stopping it also stops whatever it spawned (an `npx` wrapper, say).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import type { Eol, ServerConfig, StopReason, UnstampedEvent } from '../protocol/envelope.js';
import { maskText, redactServerConfig } from '../protocol/redact.js';
import { LineSplitter, type SplitLine } from './lineSplitter.js';
import { lineEvent, type LineStream } from './lineRecord.js';
import { Reaper } from './reaper.js';
import { serverEnv } from './serverEnv.js';

export interface ProcessHostOptions {
  record: (event: UnstampedEvent) => void;
  /** Records a line from its bytes (the journal's big-line path); by default a `line` event through `record`. */
  recordLine?: (conn: string, stream: LineStream, bytes: Buffer, eol: Eol) => void;
  /** Wait after closing stdin, then after SIGTERM, before escalating. The spec's advice: 2 s. */
  graceMs?: number;
  /** The parent's variables never handed to a child, even with inheritEnv (the bridge's token always is). */
  withholdEnv?: string[];
}

interface Child {
  conn: string;
  proc: ChildProcessWithoutNullStreams;
  exited: Promise<void>;
  alive: boolean;
  /** Node has said 'spawn': the spawn event is on record, so a stdin line may follow it. */
  spawned: boolean;
  /** Lines sent before then, written (and recorded) the moment it is: see send(). */
  held: Buffer[];
  stopRequested: boolean;
  stopping?: Promise<void>;
}

export class ProcessHost {
  private readonly children = new Map<string, Child>();
  private readonly graceMs: number;
  private shuttingDown = false;
  /** Kills every server's group should this process end without stopping them (SIGKILL). */
  private readonly reaper = new Reaper();

  private readonly recordLine: (conn: string, stream: LineStream, bytes: Buffer, eol: Eol) => void;

  constructor(private readonly options: ProcessHostOptions) {
    this.graceMs = options.graceMs ?? 2000;
    this.recordLine = options.recordLine ?? ((conn, stream, bytes, eol) => options.record(lineEvent(conn, stream, bytes, eol)));
  }

  has(conn: string): boolean {
    return this.children.has(conn);
  }

  isAlive(conn: string): boolean {
    return this.children.get(conn)?.alive ?? false;
  }

  /** The connections whose process is running. */
  liveConns(): string[] {
    return [...this.children.values()].filter((c) => c.alive).map((c) => c.conn);
  }

  spawn(conn: string, config: ServerConfig, label?: string): void {
    const record = this.options.record;
    // Journaled with every secret out, and with no message that could carry one back in.
    const { config: redacted, redactions } = redactServerConfig(config);
    const clear = redactions.flatMap((r) => (r.secret !== undefined && r.secret.length >= MIN_MASKED ? [r.secret] : []));
    const safe = (message: string): string => maskText(message, clear).text;
    if (this.shuttingDown) {
      // A spawn that races the shutdown would outlive stopAll() and hold the process open.
      record({ kind: 'spawn-error', conn, config: redacted, code: 'ESHUTDOWN', message: 'not started: the bridge is stopping' });
      return;
    }
    if (config.cwd !== undefined && !isDirectory(config.cwd)) {
      record({
        kind: 'spawn-error',
        conn,
        config: redacted,
        code: 'ENOENT',
        message: `working directory does not exist: ${redacted.cwd ?? ''}`,
      });
      return;
    }
    const env = serverEnv(process.env, config, { withhold: this.options.withholdEnv ?? [] });

    let proc: ChildProcessWithoutNullStreams;
    try {
      proc = spawn(config.command, config.args, {
        cwd: config.cwd,
        env,
        shell: false,
        detached: process.platform !== 'win32',
        windowsHide: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (error) {
      // Synchronous failures: bad argument types, a NUL byte in an argument, and so on.
      const e = error as NodeJS.ErrnoException;
      record({ kind: 'spawn-error', conn, config: redacted, code: e.code ?? 'ERR_SPAWN', message: safe(e.message) });
      return;
    }

    let resolveExited: () => void = () => {};
    const child: Child = {
      conn,
      proc,
      // Alive from the start: stdin accepts writes before 'spawn', and a second spawn on the
      // same connection must be refused until this one has ended.
      alive: true,
      spawned: false,
      held: [],
      stopRequested: false,
      exited: new Promise<void>((resolve) => (resolveExited = resolve)),
    };
    this.children.set(conn, child);

    const stdout = new LineSplitter();
    const stderr = new LineSplitter();
    const emit = (stream: 'stdout' | 'stderr', line: SplitLine): void => this.recordLine(conn, stream, line.bytes, line.eol);
    proc.stdout.on('data', (chunk: Buffer) => {
      for (const line of stdout.push(chunk)) emit('stdout', line);
    });
    proc.stderr.on('data', (chunk: Buffer) => {
      for (const line of stderr.push(chunk)) emit('stderr', line);
    });
    // A write to a child that is gone fails with EPIPE; the exit event tells the story.
    proc.stdin.on('error', (error) => {
      record({ kind: 'notice', conn, level: 'warn', message: `stdin: ${error.message}` });
    });

    proc.on('spawn', () => {
      child.spawned = true;
      if (proc.pid !== undefined) this.reaper.watch(proc.pid);
      record({ kind: 'spawn', conn, config: redacted, pid: proc.pid ?? -1, ...(label === undefined ? {} : { label }) });
      const held = child.held;
      child.held = [];
      for (const bytes of held) this.write(child, bytes);
    });

    let finished = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null): void => {
      if (finished) return;
      finished = true;
      child.alive = false;
      const outTail = stdout.end();
      if (outTail) emit('stdout', outTail);
      const errTail = stderr.end();
      if (errTail) emit('stderr', errTail);
      record({ kind: 'exit', conn, code, signal, requested: child.stopRequested });
      // The group goes off the reaper's list once nothing is left in it.
      if (proc.pid !== undefined && !groupAlive(proc.pid)) this.reaper.forget(proc.pid);
      resolveExited();
    };
    proc.on('error', (error: NodeJS.ErrnoException) => {
      if (!child.spawned && !finished) {
        finished = true;
        child.alive = false;
        const message = error.code === 'ENOENT' ? `command not found: ${redacted.command} (ENOENT)` : safe(error.message);
        record({ kind: 'spawn-error', conn, config: redacted, code: error.code ?? 'ERR_SPAWN', message });
        const held = child.held.length;
        child.held = [];
        if (held > 0) {
          const lines = held === 1 ? 'a line' : `${held} lines`;
          record({ kind: 'notice', conn, level: 'error', message: `not sent: ${lines} written before the server could start` });
        }
        resolveExited();
        return;
      }
      record({ kind: 'notice', conn, level: 'error', message: `process error: ${safe(error.message)}` });
    });
    // 'close' waits for stdout and stderr to end, so no line is lost; but a grandchild that
    // inherited them may hold them open, so after 'exit' we wait a little and then report anyway.
    proc.on('close', (code, signal) => finish(code, signal));
    proc.on('exit', (code, signal) => {
      setTimeout(() => {
        if (!finished) {
          finish(code, signal);
          proc.stdout.destroy();
          proc.stderr.destroy();
        }
      }, 500).unref();
    });
  }

  /**
   * Writes bytes plus "\n" to the child's stdin, recording them first as a stdin line. A line
   * sent in the same turn as the spawn (the tour launches and sends at once) waits for Node's
   * 'spawn': recorded before the spawn event, it would belong to no process, and a reader of the
   * journal would see its answer as an orphan.
   */
  send(conn: string, bytes: Buffer): boolean {
    const child = this.children.get(conn);
    if (!child || !child.alive) {
      this.options.record({ kind: 'notice', conn, level: 'error', message: 'not sent: the server is not running' });
      return false;
    }
    if (!child.spawned) {
      child.held.push(bytes);
      return true;
    }
    return this.write(child, bytes);
  }

  private write(child: Child, bytes: Buffer): boolean {
    if (child.proc.stdin.destroyed || child.proc.stdin.writableEnded) {
      this.options.record({
        kind: 'notice',
        conn: child.conn,
        level: 'warn',
        message: 'not sent: stdin is closed (the server is being stopped)',
      });
      return false;
    }
    this.recordLine(child.conn, 'stdin', bytes, '\n');
    child.proc.stdin.write(Buffer.concat([bytes, Buffer.from('\n')]));
    return true;
  }

  /** Close stdin, wait, SIGTERM, wait, SIGKILL: the shutdown the spec describes for stdio. */
  stop(conn: string, reason: StopReason = 'user'): Promise<void> {
    const child = this.children.get(conn);
    if (!child) return Promise.resolve();
    if (child.stopping) return child.stopping;
    child.stopRequested = true;
    child.stopping = this.escalate(child, reason);
    return child.stopping;
  }

  async stopAll(reason: StopReason = 'user'): Promise<void> {
    await Promise.all([...this.children.keys()].map((conn) => this.stop(conn, reason)));
  }

  /** stopAll(), refusing every spawn from now on: for the bridge going down. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    await this.stopAll('shutdown');
    this.reaper.close();
  }

  /** Last resort when the bridge itself is going down hard: no child outlives it. */
  killAllSync(): void {
    for (const child of this.children.values()) {
      if (child.alive) signalGroup(child, 'SIGKILL');
    }
  }

  private async escalate(child: Child, reason: StopReason): Promise<void> {
    const record = this.options.record;
    if (!child.alive) return;
    record({ kind: 'stop', conn: child.conn, step: 'close-stdin', reason });
    child.proc.stdin.end();
    if (await exitsWithin(child, this.graceMs)) return this.reapGroup(child);
    record({ kind: 'stop', conn: child.conn, step: 'sigterm', reason });
    signalGroup(child, 'SIGTERM');
    if (await exitsWithin(child, this.graceMs)) return this.reapGroup(child);
    record({ kind: 'stop', conn: child.conn, step: 'sigkill', reason });
    signalGroup(child, 'SIGKILL');
    await child.exited;
  }

  /** The leader is gone; anything it left in its group goes too. */
  private reapGroup(child: Child): void {
    signalGroup(child, 'SIGKILL');
    if (child.proc.pid !== undefined) this.reaper.forget(child.proc.pid);
  }
}

/** Shorter values (an env's `1`, `true`) would mangle messages and are no secret worth hiding there. */
const MIN_MASKED = 4;

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function groupAlive(group: number): boolean {
  if (process.platform === 'win32') return false;
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  const pid = child.proc.pid;
  if (pid === undefined) return;
  try {
    if (process.platform === 'win32') child.proc.kill(signal);
    else process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function exitsWithin(child: Child, ms: number): Promise<boolean> {
  if (!child.alive) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void child.exited.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
