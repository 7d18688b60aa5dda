/**
 * `mcp-lens tap -- command args…`: runs the server a host's config names, with the host's own
 * environment and working directory, and passes stdin, stdout and stderr through chunk by chunk,
 * unchanged, forwarding first and recording after. Its exit is the server's: the same code, or
 * the same signal raised on itself. Signals the host sends reach the server. Whatever the record
 * cannot do (no bridge, a full disk) is said once on stderr and never stops the bytes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { stderr, stdin, stdout } from 'node:process';
import { isCredentialName, redactConfig } from '../../protocol/redact.js';
import { hostOfMessage } from '../../protocol/tap/hostName.js';
import { KnownSecrets } from '../knownSecrets.js';
import { LineSplitter } from '../lineSplitter.js';
import type { LineStream } from '../lineRecord.js';
import { monotonicNow } from '../journal.js';
import { defaultHome } from '../home.js';
import { chooseRelay } from './nativeRelay.js';
import { openTapRecorder } from './recorder.js';
import { RelayFrames } from './relayFrames.js';

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

/** How the server ended, as the tap saw it: an exit code or a signal, or it never started. */
interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: NodeJS.ErrnoException;
}

/** What carries the bytes: the C relay, or this process (the fallback). */
interface Pipe {
  /** The process the host's signals go to. */
  child: ChildProcess;
  /** Settles once the server has ended and every byte of its output has been seen. */
  ended: Promise<Ended>;
}

export async function runStdioTap(options: StdioTapOptions): Promise<number> {
  const { command, args } = options;
  const id = randomBytes(4).toString('hex');
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  const secrets = new KnownSecrets();
  // Only credential-named variables are hunted for in the lines: the host's whole environment
  // holds settings (a path, a port) that masking would corrupt.
  secrets.learn({ command, args, env: Object.fromEntries(Object.entries(env).filter(([key]) => isCredentialName(key))) });
  const home = options.home ?? defaultHome();
  const choice = chooseRelay(home);

  const lines = new Map<LineStream, LineSplitter>([
    ['stdin', new LineSplitter()],
    ['stdout', new LineSplitter()],
    ['stderr', new LineSplitter()],
  ]);
  let named = 0;
  const recorder = openTapRecorder({
    tap: { id, pid: process.pid, via: 'stdio' },
    config: redactConfig({ command, args, env }),
    err: stderr,
    secrets,
    home,
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
  });
  // A chunk's lines go to the recorder together, as views of the chunk rather than copies (a read
  // chunk is never reused; the recorder lets go of them once it has recorded them, within 20 ms).
  const seen = (stream: LineStream, chunk: Buffer, at: number): void => {
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
  const started = (pid: number): void =>
    recorder.record({ kind: 'notice', level: 'info', message: `the tap started the server (pid ${pid})` });

  let pipe: Pipe;
  try {
    pipe = choice.kind === 'native' ? relayInC(choice.file, command, args, seen, started) : relayInNode(command, args, seen);
  } catch (error) {
    const message = (error as Error).message;
    stderr.write(`mcp-lens tap: could not start ${command}: ${message}\n`);
    recorder.record({ kind: 'spawn-error', config: redactConfig({ command, args, env: {} }), code: 'error', message });
    await recorder.close();
    return 127;
  }
  if (choice.kind === 'node') {
    if (pipe.child.pid !== undefined) started(pipe.child.pid);
    recorder.record({ kind: 'notice', level: 'info', message: `the tap relays in Node, which adds to each round trip: ${choice.why}` });
  }

  const forward = (signal: NodeJS.Signals): void => {
    pipe.child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);

  const ended = await pipe.ended;
  for (const stream of ['stdin', 'stdout', 'stderr'] as const) {
    const rest = lines.get(stream)?.end();
    if (rest) recorder.line(stream, rest.bytes, rest.eol);
  }
  if (ended.error) {
    const code = ended.error.code ?? 'error';
    stderr.write(`mcp-lens tap: could not start ${command}: ${ended.error.message}\n`);
    recorder.record({ kind: 'spawn-error', config: redactConfig({ command, args, env: {} }), code, message: ended.error.message });
  } else {
    recorder.record({ kind: 'exit', code: ended.code, signal: ended.signal, requested: false });
  }
  await recorder.close();
  for (const signal of FORWARDED) process.off(signal, forward);
  if (choice.kind === 'node') stdin.destroy();
  if (ended.signal) {
    // The host sees what it would have seen: a process ended by that signal.
    dieOf(ended.signal);
    return 128 + os.constants.signals[ended.signal];
  }
  return ended.error ? 127 : (ended.code ?? 1);
}

/**
 * Lowers this process's priority below the host's: the bytes are the relay's, and the recording
 * can wait. Not to the lowest: on a machine kept busy by other work a tap there got so little
 * time that it had not finished recording a flood 10 s after the server ended, and the host waits
 * for the tap to end. On two cores a recording that holds a core the host or the server wants at that moment
 * was most of what the tap added to a round trip (docs/benchmarks.md §11). Linux keeps a priority
 * per thread, and V8's garbage collector works on threads of its own (about 40% of the tap's CPU
 * in a round-trip run), so each thread there is lowered; threads started later take the lowered
 * priority of the thread that starts them. The relay and the server are started before this and
 * keep the host's; the Node relay carries the bytes in this process, so it never calls this.
 */
function yieldToTheHost(): void {
  const low = os.constants.priority.PRIORITY_BELOW_NORMAL;
  // 0: the calling thread, where there is no /proc to list them all.
  let threads = [0];
  try {
    threads = fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    // no /proc: this thread alone
  }
  for (const thread of threads) {
    try {
      os.setPriority(thread, low);
    } catch {
      // not allowed here: that thread records at the host's priority, as before
    }
  }
}

/**
 * The C relay in the path (relay.c): it has the host's stdin, stdout and stderr, and sends this
 * process a copy of each chunk it passed on, with when, as frames on its fd 3.
 */
function relayInC(
  file: string,
  command: string,
  args: string[],
  seen: (stream: LineStream, chunk: Buffer, at: number) => void,
  started: (pid: number) => void,
): Pipe {
  const child = spawn(file, ['3', command, ...args], { stdio: ['inherit', 'inherit', 'inherit', 'pipe'], windowsHide: true });
  yieldToTheHost();
  // The relay alone holds the host's stdin now: when it lets go (the server closed its stdin),
  // the host's next write meets a closed pipe, as it would without the tap.
  try {
    fs.closeSync(0);
    fs.openSync('/dev/null', 'r');
  } catch {
    // fd 0 was not open: nothing holds the host's stdin here
  }
  let end: Ended | undefined;
  const frames = new RelayFrames((frame) => {
    const at = monotonicNow() - Number(process.hrtime.bigint() - frame.ns) / 1e6;
    switch (frame.type) {
      case 0:
      case 1:
      case 2:
        seen(STREAMS[frame.type] ?? 'stdout', frame.bytes, at);
        return;
      case 0x50: // 'P'
        started(Number(frame.bytes.toString('latin1')));
        return;
      case 0x46: {
        // 'F'
        const errno = Number(frame.bytes.toString('latin1'));
        const name = Object.entries(os.constants.errno).find(([, value]) => value === errno)?.[0] ?? `errno ${errno}`;
        end = { code: null, signal: null, error: Object.assign(new Error(`spawn ${command} ${name}`), { code: name, errno }) };
        return;
      }
      case 0x58: {
        // 'X'
        const [how, value] = frame.bytes.toString('latin1').split(' ');
        const n = Number(value);
        const signal = Object.entries(os.constants.signals).find(([, number]) => number === n)?.[0] as NodeJS.Signals | undefined;
        end = how === 'signal' ? { code: null, signal: signal ?? 'SIGKILL' } : { code: n, signal: null };
        return;
      }
      default:
        return;
    }
  });
  const copies = child.stdio[3] as NodeJS.ReadableStream;
  copies.on('data', (chunk: Buffer) => frames.push(chunk));
  copies.on('error', () => undefined);
  const ended = new Promise<Ended>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    // 'close': the relay's exit and the last of its frames read. A relay that died without
    // saying how the server ended (killed itself) is the end the host sees.
    child.once('close', (code, signal) => resolve(end ?? { code, signal }));
  });
  return { child, ended };
}

const STREAMS: readonly LineStream[] = ['stdin', 'stdout', 'stderr'];

/** This process in the path: each stream's chunks are written on, then seen. */
function relayInNode(command: string, args: string[], seen: (stream: LineStream, chunk: Buffer, at: number) => void): Pipe {
  const child = spawn(command, args, { stdio: 'pipe', windowsHide: true });
  relay(stdin, child.stdin, (chunk) => seen('stdin', chunk, monotonicNow()));
  relay(child.stdout, stdout, (chunk) => seen('stdout', chunk, monotonicNow()));
  relay(child.stderr, stderr, (chunk) => seen('stderr', chunk, monotonicNow()));
  const ended = new Promise<Ended>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    // 'close': the exit, and every byte of stdout and stderr read.
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  return { child, ended };
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
