/**
 * `mcp-lens tap -- command args…`: runs the server a host's config names, with the host's own
 * environment and working directory, and passes stdin, stdout and stderr through chunk by chunk,
 * unchanged, forwarding first and recording after. Its exit is the server's: the same code, or
 * the same signal raised on itself. Signals the host sends reach the server. Whatever the record
 * cannot do (no bridge, a full disk) is said once on stderr and never stops the bytes.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { stderr, stdin, stdout } from 'node:process';
import { isCredentialName, redactConfig } from '../../protocol/redact.js';
import { hostOfMessage } from '../../protocol/tap/hostName.js';
import { KnownSecrets } from '../knownSecrets.js';
import { LineSplitter } from '../lineSplitter.js';
import type { LineStream } from '../lineRecord.js';
import { monotonicNow } from '../journal.js';
import { openTapRecorder } from './recorder.js';

export interface StdioTapOptions {
  command: string;
  args: string[];
  home?: string;
  /** For tests: how often a journaling tap looks for a bridge. */
  pollMs?: number;
}

/** The signals a host may send that the server should get as it would without the tap. */
const FORWARDED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'];
/** How many of the host's first lines are read for its name. */
const NAME_LINES = 8;

export async function runStdioTap(options: StdioTapOptions): Promise<number> {
  const { command, args } = options;
  const id = randomBytes(4).toString('hex');
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  const secrets = new KnownSecrets();
  // Only credential-named variables are hunted for in the lines: the host's whole environment
  // holds settings (a path, a port) that masking would corrupt.
  secrets.learn({ command, args, env: Object.fromEntries(Object.entries(env).filter(([key]) => isCredentialName(key))) });

  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawn(command, args, { stdio: 'pipe', windowsHide: true });
  } catch (error) {
    stderr.write(`mcp-lens tap: could not start ${command}: ${(error as Error).message}\n`);
    return 127;
  }
  const recorder = openTapRecorder({
    tap: { id, pid: process.pid, via: 'stdio' },
    config: redactConfig({ command, args, env }),
    err: stderr,
    secrets,
    ...(options.home === undefined ? {} : { home: options.home }),
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
  });
  if (child.pid !== undefined) recorder.record({ kind: 'notice', level: 'info', message: `the tap started the server (pid ${child.pid})` });

  const lines = new Map<LineStream, LineSplitter>([
    ['stdin', new LineSplitter()],
    ['stdout', new LineSplitter()],
    ['stderr', new LineSplitter()],
  ]);
  let named = 0;
  // A chunk's lines go to the recorder together, as views of the chunk rather than copies (a read
  // chunk is never reused; the recorder lets go of them once it has recorded them, within 20 ms).
  const seen = (stream: LineStream, chunk: Buffer): void => {
    const at = monotonicNow();
    const complete = lines.get(stream)?.push(chunk, true) ?? [];
    if (complete.length === 0) return;
    recorder.lines(stream, complete, at);
    if (stream !== 'stdin') return;
    for (const line of complete) {
      if (named >= NAME_LINES) break;
      named++;
      const host = hostOfMessage(line.bytes.toString('utf8'));
      if (host) {
        named = NAME_LINES;
        recorder.nameHost?.(host);
      }
    }
  };

  relay(stdin, child.stdin, (chunk) => seen('stdin', chunk));
  relay(child.stdout, stdout, (chunk) => seen('stdout', chunk));
  relay(child.stderr, stderr, (chunk) => seen('stderr', chunk));

  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);

  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    // 'close': the exit, and every byte of stdout and stderr read.
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  for (const stream of ['stdin', 'stdout', 'stderr'] as const) {
    const rest = lines.get(stream)?.end();
    if (rest) recorder.line(stream, rest.bytes, rest.eol);
  }
  if (ended.error) {
    const code = (ended.error as NodeJS.ErrnoException).code ?? 'error';
    stderr.write(`mcp-lens tap: could not start ${command}: ${ended.error.message}\n`);
    recorder.record({ kind: 'spawn-error', config: redactConfig({ command, args, env: {} }), code, message: ended.error.message });
  } else {
    recorder.record({ kind: 'exit', code: ended.code, signal: ended.signal, requested: false });
  }
  await recorder.close();
  for (const signal of FORWARDED) process.off(signal, forward);
  stdin.destroy();
  if (ended.signal) {
    // The host sees what it would have seen: a process ended by that signal.
    dieOf(ended.signal);
    return 128 + signalNumber(ended.signal);
  }
  return ended.error ? 127 : (ended.code ?? 1);
}

/**
 * Passes a stream's chunks on as they come, forwarding first, then showing the chunk to `seen`;
 * the source waits while the destination is full. A destination that breaks (the host closed
 * its end) ends the source too, so the writer meets the same broken pipe it would without the tap.
 */
function relay(from: NodeJS.ReadableStream & { destroy?: () => void }, to: NodeJS.WritableStream, seen: (chunk: Buffer) => void): void {
  let broken = false;
  (to as NodeJS.WritableStream & { on(event: 'error', listener: (e: Error) => void): unknown }).on('error', () => {
    broken = true;
    from.destroy?.();
  });
  from.on('data', (chunk: Buffer) => {
    if (!broken && !to.write(chunk)) {
      from.pause();
      to.once('drain', () => from.resume());
    }
    seen(chunk);
  });
  from.on('end', () => {
    if (to !== stdout && to !== stderr) to.end();
  });
  from.on('error', () => undefined);
}

/**
 * Raises the signal on the tap with its default action. Node ignores SIGPIPE (and takes SIGUSR1
 * for its inspector); a listener added and removed puts the default back, so the tap dies of the
 * signal its server died of, whatever it is.
 */
function dieOf(signal: NodeJS.Signals): void {
  const none = (): void => undefined;
  try {
    process.on(signal, none);
    process.off(signal, none);
  } catch {
    // SIGKILL and SIGSTOP take no listener, and need none.
  }
  process.kill(process.pid, signal);
}

function signalNumber(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = {
    SIGHUP: 1,
    SIGINT: 2,
    SIGQUIT: 3,
    SIGKILL: 9,
    SIGUSR1: 10,
    SIGUSR2: 12,
    SIGPIPE: 13,
    SIGTERM: 15,
  };
  return numbers[signal] ?? 0;
}
