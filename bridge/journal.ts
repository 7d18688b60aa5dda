/**
 * The session journal: every event, stamped and appended to a JSONL file as it happens.
 * The file is the source of truth for every reader: a socket that lags or reconnects reads
 * its backlog from disk, so no reader ever makes the bridge hold or drop events in memory.
 * Writes are batched per event-loop turn and done synchronously, which also paces the
 * child's stdout: while we write, we do not read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BridgeEvent, Eol, UnstampedEvent } from '../protocol/envelope.js';
import { lineEvent, lineEventTexts, serializeLine, type LineBytes, type LineStream } from './lineRecord.js';

/** Flush at once when this much is pending, rather than waiting for the next turn. */
const FLUSH_BYTES = 4 * 1024 * 1024;

export function newSessionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace('Z', '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Monotonic within a run (performance.now never goes back) and epoch-aligned at start. */
export function monotonicNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * The newest batch is kept as the lines that went to disk, for sockets that are caught up
 * (docs/adr/0008): up to this many bytes; a bigger batch (one huge line, say) is read back from
 * the file like any backlog rather than held twice.
 */
const RECENT_BYTES = 8 * 1024 * 1024;

/** A line at least this long goes from its bytes to the journal's without a string between. */
export const BIG_LINE_BYTES = 1024 * 1024;

/** How often a refused write is tried again. */
const RETRY_MS = 1000;

export type JournalState = { ok: true } | { ok: false; message: string; since: number; waitingBytes: number };

function writeError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code === 'ENOSPC' ? 'the disk is full (ENOSPC)' : `${e.code ?? 'error'}: ${e.message}`;
}

/** Events written with one write: their bytes, how far the write got, each event's size. */
interface Batch {
  buf: Buffer;
  written: number;
  sizes: number[];
  /** The events as strings, kept for `recent`; absent for a big line's batch. */
  lines?: string[];
}

export class Journal {
  readonly file: string;
  private readonly writeFd: number;
  private readonly readFd: number;
  /** offsets[seq] is where event seq starts; offsets[count] is the end of what is written. */
  private readonly offsets: number[] = [0];
  /** Serialized events not yet written: strings, or one buffer for a big line (appendLine). */
  private pending: (string | Buffer)[] = [];
  /** The byte size of each pending event, counted once when it is queued. */
  private pendingSizes: number[] = [];
  private pendingBytes = 0;
  private nextSeq = 0;
  private lastT = 0;
  private flushScheduled = false;
  private closed = false;
  private readonly listeners = new Set<() => void>();
  private readonly stateListeners = new Set<(state: JournalState) => void>();
  /** The batch the disk refused, from where its write stopped, and why. */
  private stall: (Batch & { message: string; since: number }) | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The last batch on disk, line by line, from seq `from` (see RECENT_BYTES). */
  private recent: { from: number; lines: string[] } | undefined;

  constructor(
    dir: string,
    readonly sessionId: string,
    /** The disk's write call: tests that fill the disk replace it. */
    private readonly writeSync: (fd: number, buffer: Buffer, offset: number) => number = (fd, buffer, offset) =>
      fs.writeSync(fd, buffer, offset),
  ) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = path.join(dir, `${sessionId}.jsonl`);
    this.writeFd = fs.openSync(this.file, 'a', 0o600);
    this.readFd = fs.openSync(this.file, 'r');
  }

  /**
   * Stamps and queues one event; readers are told once it is on disk. `at`: when it happened, if
   * that was before now (a tap's line, seen by the tap before it reached us); never before the
   * last event's time.
   */
  append(event: UnstampedEvent, at?: number): BridgeEvent {
    if (this.closed) throw new Error('journal is closed');
    const t = this.now(at);
    let stamped = { seq: this.nextSeq, t, ...event } as BridgeEvent;
    let line: string;
    try {
      line = JSON.stringify(stamped) + '\n';
    } catch (error) {
      // An event that cannot be written out (too deep for JSON.stringify, say) costs only
      // itself: a notice takes its seq and says what it was.
      stamped = {
        seq: this.nextSeq,
        t,
        kind: 'notice',
        level: 'error',
        message: `an event (${describe(event)}) could not be recorded: ${(error as Error).message}`,
      };
      line = JSON.stringify(stamped) + '\n';
    }
    this.queue(line, Buffer.byteLength(line));
    return stamped;
  }

  /**
   * Stamps and queues a line a server wrote (or was sent): the same event as append's, but a big
   * line goes from its bytes to the journal's in one copy (bridge/lineRecord.ts).
   */
  appendLine(conn: string, stream: LineStream, bytes: Buffer, eol: Eol, at?: number): void {
    if (bytes.length < BIG_LINE_BYTES) {
      this.append(lineEvent(conn, stream, bytes, eol), at);
      return;
    }
    if (this.closed) throw new Error('journal is closed');
    const line = serializeLine(this.nextSeq, this.now(at), conn, stream, bytes, eol);
    this.queue(line, line.length);
  }

  /**
   * Stamps and queues many lines of one stream, all seen at `at` (the lines of a chunk a tap read):
   * the events appendLine writes for each, made without an object per line (lineEventTexts).
   * Lines of a big line's size take appendLine's way.
   */
  appendLines(conn: string, stream: LineStream, lines: readonly LineBytes[], at?: number): void {
    if (this.closed) throw new Error('journal is closed');
    if (lines.some((line) => line.bytes.length >= BIG_LINE_BYTES)) {
      for (const line of lines) this.appendLine(conn, stream, line.bytes, line.eol, at);
      return;
    }
    const t = this.now(at);
    const seq = this.nextSeq;
    const rest = `,"t":${t},"kind":"line","conn":${JSON.stringify(conn)},"stream":"${stream}",`;
    const { texts, sizes } = lineEventTexts(lines, (i) => `{"seq":${seq + i}${rest}`, '\n');
    for (let i = 0; i < texts.length; i++) this.queue(texts[i] as string, sizes[i] as number);
  }

  /** The time for the next event: clamped so that t never goes back, even across a clock quirk. */
  private now(at?: number): number {
    const now = monotonicNow();
    this.lastT = Math.max(at === undefined || at > now ? now : at, this.lastT);
    return this.lastT;
  }

  private queue(line: string | Buffer, bytes: number): void {
    this.nextSeq++;
    this.pending.push(line);
    this.pendingSizes.push(bytes);
    this.pendingBytes += bytes;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    else this.scheduleFlush();
  }

  /** Number of events on disk; seqs 0 .. flushedCount-1 are readable. */
  get flushedCount(): number {
    return this.offsets.length - 1;
  }

  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  flush(): void {
    // While the disk refuses writes, the retry writes, in order; events wait in `pending`.
    if (this.stall || this.pending.length === 0) return;
    const items = this.pending;
    const sizes = this.pendingSizes;
    this.pending = [];
    this.pendingSizes = [];
    this.pendingBytes = 0;
    // Strings in a row make one batch; a big line's buffer is a batch of its own, written as
    // it is rather than copied into a bigger one.
    let i = 0;
    while (i < items.length) {
      const item = items[i] as string | Buffer;
      let batch: Batch;
      if (typeof item === 'string') {
        const from = i;
        while (i < items.length && typeof items[i] === 'string') i++;
        const lines = items.slice(from, i) as string[];
        batch = { buf: Buffer.from(lines.join('')), written: 0, sizes: sizes.slice(from, i), lines };
      } else {
        i++;
        batch = { buf: item, written: 0, sizes: [item.length] };
      }
      this.write(batch);
      if (this.stall) {
        // What follows waits behind the refused batch, in order.
        this.pending = items.slice(i);
        this.pendingSizes = sizes.slice(i);
        this.pendingBytes = this.pendingSizes.reduce((n, size) => n + size, 0);
        return;
      }
    }
  }

  /** Whether the journal is being written, or why not since when. */
  get state(): JournalState {
    return this.stall
      ? {
          ok: false,
          message: this.stall.message,
          since: this.stall.since,
          waitingBytes: this.stall.buf.length - this.stall.written + this.pendingBytes,
        }
      : { ok: true };
  }

  /** Called when writing stops (the disk is full, say) and when it resumes; returns the unsubscribe function. */
  onState(listener: (state: JournalState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private write(batch: Batch, since?: number): void {
    try {
      while (batch.written < batch.buf.length) batch.written += this.writeSync(this.writeFd, batch.buf, batch.written);
    } catch (error) {
      // A full disk (or any failed write) costs no event and no session: the batch is kept,
      // from the byte where the write stopped, and written again once the disk takes it.
      const first = this.stall === undefined && since === undefined;
      this.stall = { ...batch, message: writeError(error), since: since ?? Date.now() };
      this.retryTimer = setTimeout(() => this.retry(), RETRY_MS);
      this.retryTimer.unref();
      if (first) this.tellState();
      return;
    }
    const from = this.flushedCount;
    let offset = this.offsets[this.offsets.length - 1] ?? 0;
    for (const size of batch.sizes) {
      offset += size;
      this.offsets.push(offset);
    }
    // Only once the batch is on disk: whatever a socket is sent, the journal already holds.
    this.recent = batch.lines && batch.buf.length <= RECENT_BYTES ? { from, lines: batch.lines } : undefined;
    for (const listener of this.listeners) listener();
  }

  private retry(): void {
    const stall = this.stall;
    this.retryTimer = undefined;
    if (!stall || this.closed) return;
    this.stall = undefined;
    this.write(stall, stall.since);
    if (this.stall) return;
    this.tellState();
    this.flush();
  }

  private tellState(): void {
    const state = this.state;
    for (const listener of this.stateListeners) listener(state);
  }

  /** Called after each flush; returns the unsubscribe function. */
  onFlush(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The serialized events from `fromSeq` on, comma-separated as a JSON array's body and wrapped
   * in `head` and `tail`, as one buffer: a frame ready to send, built with a single copy of
   * the events (a 50 MiB line is not decoded into a string, edited and encoded again). Up to
   * about `maxBytes` of events, but always at least one. Returns the next seq to read.
   */
  readFrame(fromSeq: number, maxBytes: number, head: Buffer, tail: Buffer): { frame: Buffer; next: number; count: number } {
    const end = this.flushedCount;
    if (fromSeq >= end) return { frame: Buffer.concat([head, tail]), next: fromSeq, count: 0 };
    const start = this.offsets[fromSeq] ?? 0;
    let last = fromSeq + 1;
    while (last < end && (this.offsets[last + 1] ?? 0) - start <= maxBytes) last++;
    const stop = this.offsets[last] ?? start;
    // The events' bytes without the last newline; every other newline ends an event (JSON.stringify
    // escapes those inside strings, and no byte of a multi-byte UTF-8 character is 0x0a).
    const size = stop - start - 1;
    const frame = Buffer.allocUnsafe(head.length + size + tail.length);
    head.copy(frame, 0);
    const recent = this.recent;
    if (recent && fromSeq >= recent.from) {
      // Caught up: the lines just written, from memory instead of a read of the file.
      let at = head.length;
      for (let i = fromSeq - recent.from; i < last - recent.from; i++) at += frame.write(recent.lines[i] ?? '', at, 'utf8');
    } else {
      let read = 0;
      while (read < size) {
        const n = fs.readSync(this.readFd, frame, head.length + read, size - read, start + read);
        if (n === 0) throw new Error(`journal ${this.file} is shorter than its index`);
        read += n;
      }
    }
    const bodyEnd = head.length + size;
    for (let nl = frame.indexOf(0x0a, head.length); nl !== -1 && nl < bodyEnd; nl = frame.indexOf(0x0a, nl + 1)) frame[nl] = 0x2c;
    tail.copy(frame, bodyEnd);
    return { frame, next: last, count: last - fromSeq };
  }

  /**
   * Writes what is pending and closes. Returns how many events the disk never took (0 unless
   * it still refuses writes); the file then ends at the last whole line, never inside one.
   */
  close(): number {
    if (this.closed) return 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.stall) this.retry();
    this.flush();
    let lost = 0;
    if (this.stall) {
      lost = this.stall.sizes.length + this.pending.length;
      try {
        fs.ftruncateSync(this.writeFd, this.offsets[this.offsets.length - 1] ?? 0);
      } catch {
        // The file keeps a cut line; its reader reports it as such.
      }
    }
    this.closed = true;
    fs.closeSync(this.writeFd);
    fs.closeSync(this.readFd);
    this.listeners.clear();
    this.stateListeners.clear();
    return lost;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      if (!this.closed) this.flush();
    });
  }
}

/** An event named for a notice about it: its kind, topic and connection. */
function describe(event: UnstampedEvent): string {
  const parts: string[] = [event.kind];
  if (event.kind === 'note') parts.push(event.topic);
  if ('conn' in event && typeof event.conn === 'string') parts.push(`on ${event.conn}`);
  return parts.join(' ').slice(0, 200);
}

export interface JournalSummary {
  session: string;
  bytes: number;
  modified: string;
}

/**
 * Journals found under a directory, newest first; the names of those that could not be read (a
 * dangling link, a file without read permission): skipped, never a failed list; and the names
 * of files put there that are not named as its sessions are (a session file saved there, say),
 * which no journal route serves: said, so a click on one is not a failure with no reason.
 */
export function listJournals(dir: string): { sessions: JournalSummary[]; unreadable: string[]; misnamed: string[] } {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return { sessions: [], unreadable: [], misnamed: [] };
  }
  const sessions: JournalSummary[] = [];
  const unreadable: string[] = [];
  const misnamed: string[] = [];
  for (const name of names.sort()) {
    if (name.endsWith(SESSION_FILE_END)) {
      misnamed.push(name);
      continue;
    }
    if (!name.endsWith('.jsonl')) continue;
    const session = name.slice(0, -'.jsonl'.length);
    if (!isSessionId(session)) {
      misnamed.push(name);
      continue;
    }
    try {
      const file = path.join(dir, name);
      const stat = fs.statSync(file);
      if (!stat.isFile()) throw new Error('not a file');
      fs.accessSync(file, fs.constants.R_OK);
      sessions.push({ session, bytes: stat.size, modified: stat.mtime.toISOString() });
    } catch {
      unreadable.push(name);
    }
  }
  return { sessions: sessions.sort((a, b) => b.modified.localeCompare(a.modified)), unreadable, misnamed };
}

/** How an exported session file is named, the file most likely to be saved among the journals. */
const SESSION_FILE_END = '.mcplens.json';

/**
 * Session ids are file names we made (a tap's journal is `tap-` and one); refuse anything else
 * so a request cannot walk the disk.
 */
export function isSessionId(value: string): boolean {
  return /^(tap-)?[0-9T-]+-[0-9a-f]{6}$/.test(value);
}
