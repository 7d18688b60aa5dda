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
import type { BridgeEvent, UnstampedEvent } from '../protocol/envelope.js';

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

export class Journal {
  readonly file: string;
  private readonly writeFd: number;
  private readonly readFd: number;
  /** offsets[seq] is where event seq starts; offsets[count] is the end of what is written. */
  private readonly offsets: number[] = [0];
  private pending: string[] = [];
  private pendingBytes = 0;
  private nextSeq = 0;
  private lastT = 0;
  private flushScheduled = false;
  private closed = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    dir: string,
    readonly sessionId: string,
  ) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = path.join(dir, `${sessionId}.jsonl`);
    this.writeFd = fs.openSync(this.file, 'a', 0o600);
    this.readFd = fs.openSync(this.file, 'r');
  }

  /** Stamps and queues one event; readers are told once it is on disk. */
  append(event: UnstampedEvent): BridgeEvent {
    if (this.closed) throw new Error('journal is closed');
    // Clamp so that t never goes back, even across a clock quirk.
    const t = Math.max(monotonicNow(), this.lastT);
    this.lastT = t;
    const stamped = { seq: this.nextSeq++, t, ...event } as BridgeEvent;
    const line = JSON.stringify(stamped) + '\n';
    this.pending.push(line);
    this.pendingBytes += Buffer.byteLength(line);
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    else this.scheduleFlush();
    return stamped;
  }

  /** Number of events on disk; seqs 0 .. flushedCount-1 are readable. */
  get flushedCount(): number {
    return this.offsets.length - 1;
  }

  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    const buf = Buffer.from(lines.join(''));
    let written = 0;
    while (written < buf.length) written += fs.writeSync(this.writeFd, buf, written);
    let offset = this.offsets[this.offsets.length - 1] ?? 0;
    for (const line of lines) {
      offset += Buffer.byteLength(line);
      this.offsets.push(offset);
    }
    for (const listener of this.listeners) listener();
  }

  /** Called after each flush; returns the unsubscribe function. */
  onFlush(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The serialized events from `fromSeq` on, as a JSON array body ("{..},{..}"), up to about
   * `maxBytes` but always at least one event. Returns the next seq to read.
   */
  readSerialized(fromSeq: number, maxBytes: number): { body: string; next: number; count: number } {
    const end = this.flushedCount;
    if (fromSeq >= end) return { body: '', next: fromSeq, count: 0 };
    const start = this.offsets[fromSeq] ?? 0;
    let last = fromSeq + 1;
    while (last < end && (this.offsets[last + 1] ?? 0) - start <= maxBytes) last++;
    const stop = this.offsets[last] ?? start;
    const buf = Buffer.allocUnsafe(stop - start);
    let read = 0;
    while (read < buf.length) {
      const n = fs.readSync(this.readFd, buf, read, buf.length - read, start + read);
      if (n === 0) throw new Error(`journal ${this.file} is shorter than its index`);
      read += n;
    }
    // JSON.stringify escapes newlines inside strings, so every "\n" here ends an event.
    const text = buf.toString('utf8', 0, buf.length - 1);
    return { body: text.replaceAll('\n', ','), next: last, count: last - fromSeq };
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    fs.closeSync(this.writeFd);
    fs.closeSync(this.readFd);
    this.listeners.clear();
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

export interface JournalSummary {
  session: string;
  bytes: number;
  modified: string;
}

/** Journals found under a directory, newest first. */
export function listJournals(dir: string): JournalSummary[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.jsonl'))
    .map((n) => {
      const stat = fs.statSync(path.join(dir, n));
      return { session: n.slice(0, -'.jsonl'.length), bytes: stat.size, modified: stat.mtime.toISOString() };
    })
    .sort((a, b) => b.modified.localeCompare(a.modified));
}

/** Session ids are file names we made; refuse anything else so a request cannot walk the disk. */
export function isSessionId(value: string): boolean {
  return /^[0-9T-]+-[0-9a-f]{6}$/.test(value);
}
