/**
 * Where a tap's record goes (docs/adr/0010): to a running bridge's `/ws/tap` when there is one,
 * else to the tap's own journal under the MCP Lens home (`journal/tap-<session>.jsonl`, the
 * bridge's format, listed in any bridge's sidebar). While it journals it looks for a bridge once a
 * second; one that appears gets what the journal holds, then the rest live. The host's bytes never
 * wait on any of it: events queue here and go on a later turn.
 */
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import type { Eol, RedactedConnectionConfig, TapInfo, UnstampedEvent } from '../../protocol/envelope.js';
import { tapConnId, tapReplySchema, type TapEventInput, type TapFrame } from '../../protocol/tap/tapFrames.js';
import { BIG_LINE_BYTES, Journal, monotonicNow, newSessionId } from '../journal.js';
import { lineEvent, lineEventTexts, type LineBytes, type LineStream } from '../lineRecord.js';
import type { KnownSecrets } from '../knownSecrets.js';
import { defaultHome } from '../home.js';
import { VERSION } from '../version.js';
import { readBridgeFile, type BridgeFile } from './bridgeFile.js';
import type { TapRecorder, TapUnstamped } from './types.js';

export interface TapRecorderOptions {
  tap: TapInfo;
  /** The connection as the spawn event records it (already redacted). */
  config: RedactedConnectionConfig;
  home?: string;
  /** The tap's stderr: where it says, once each, what it cannot do. */
  err: NodeJS.WritableStream;
  /** Values masked in every event and line before they leave the tap (the tap's own secrets). */
  secrets?: KnownSecrets;
  /** How often a journaling tap looks for a bridge. Default 1000 ms. */
  pollMs?: number;
}

/** Bytes of events a frame carries at most; one event past the bridge's frame limit goes to the journal. */
const FRAME_BYTES = 1024 * 1024;
const EVENT_MAX_BYTES = 48 * 1024 * 1024;
/** Bytes a socket may hold unsent before the tap journals instead of growing in memory. */
const SOCKET_HIGH_WATER = 64 * 1024 * 1024;
/**
 * How long the lines a tap saw wait to be recorded together, and how many bytes of them at most.
 * Recording each chunk on its own turn put a journal write or a socket frame (and the bridge's
 * wake-up) between a host's request and its answer; a batch every 20 ms takes those off the
 * round trip, and is still live to the eye.
 */
const LINES_WAIT_MS = 20;
const LINES_WAIT_BYTES = 1024 * 1024;

/**
 * An event serialized for the socket, or a chunk's lines serialized together: their JSON texts
 * joined by commas (`input` absent; parsed back only if the bridge is lost).
 */
interface Queued {
  input?: TapEventInput;
  json: string;
}

/** The events a queued item holds, as inputs (for the journal, when the bridge is lost). */
function inputsOf(q: Queued): TapEventInput[] {
  return q.input ? [q.input] : (JSON.parse(`[${q.json}]`) as TapEventInput[]);
}

type State = 'joining' | 'joined' | 'journal' | 'closed';

export function openTapRecorder(
  options: TapRecorderOptions,
): TapRecorder & { readonly state: State; lines(stream: LineStream, lines: readonly LineBytes[], at?: number): void } {
  return new Recorder(options);
}

class Recorder implements TapRecorder {
  readonly conn: string;
  /** Until the first look for a bridge, events wait in memory. */
  state: State = 'joining';
  private readonly home: string;
  /** The first spawn event: what a bridge is told first on every join. */
  private spawn: TapEventInput | undefined;
  /** Serialized events for the socket, sent on a later turn (or journaled if the join fails). */
  private queue: Queued[] = [];
  private queueBytes = 0;
  private sendScheduled = false;
  /**
   * Events sent on the socket that the bridge has not yet vouched for: a pong comes back only
   * after the bridge has read every frame before its ping. A socket lost (a bridge killed) takes
   * what it still held with it; these go to the tap's journal then, so nothing falls between.
   */
  private unconfirmed: Queued[] = [];
  /** How many of `unconfirmed` the ping in flight vouches for; one ping at a time. */
  private pinged: number | undefined;
  private ws: WebSocket | undefined;
  private bridge: BridgeFile | undefined;
  /** The bridge whose join failed last, not tried again until it changes or retryAt passes. */
  private failed: { token: string; retryAt: number } | undefined;
  private journal: Journal | undefined;
  private poll: ReturnType<typeof setInterval> | undefined;
  private readonly said = new Set<string>();
  /**
   * Why bridge.json was there but not read, kept to be said with what the journal does: alone
   * while the journal records, in one line with the journal's failure when nothing can record.
   */
  private bridgeWhy: string | undefined;
  /** Lines given to lines(), recorded together after LINES_WAIT_MS (views of the chunks they came in). */
  private waiting: { stream: LineStream; lines: readonly LineBytes[]; at: number }[] = [];
  private waitingBytes = 0;
  private waitTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: TapRecorderOptions) {
    this.conn = tapConnId(options.tap.id);
    this.home = options.home ?? defaultHome();
    this.record({ kind: 'spawn', config: options.config, tap: options.tap });
    if (!this.tryJoin()) {
      this.state = 'journal';
      const queued = this.queue.flatMap(inputsOf);
      this.queue = [];
      this.queueBytes = 0;
      this.toJournal(queued);
      this.sayBridgeWhy();
      this.startPolling();
    }
  }

  record(event: TapUnstamped, at: number = monotonicNow()): void {
    // The recorder opens with the connection's spawn; a watcher that records one too says the same.
    if (event.kind === 'spawn' && this.spawn !== undefined) return;
    this.recordWaiting();
    try {
      const masked = this.options.secrets
        ? (this.options.secrets.maskEvent({ ...event, conn: this.conn } as UnstampedEvent) as TapUnstamped)
        : event;
      const { conn: _conn, ...rest } = masked as TapUnstamped & { conn?: string };
      const input: TapEventInput = { at, event: rest as Record<string, unknown> };
      if (event.kind === 'spawn' && this.spawn === undefined) this.spawn = input;
      this.take(input);
    } catch (error) {
      this.sayOnce('record', `an event could not be recorded (${(error as Error).message})`);
    }
  }

  line(stream: LineStream, bytes: Buffer, eol: Eol, at: number = monotonicNow()): void {
    this.recordWaiting();
    const masked = this.options.secrets ? this.options.secrets.maskBytes(bytes) : bytes;
    if (this.state === 'journal' && this.journal) {
      try {
        this.journal.appendLine(this.conn, stream, masked, eol, at);
      } catch (error) {
        this.sayOnce('journal', `the journal could not be written (${(error as Error).message})`);
      }
      return;
    }
    const { conn: _conn, ...event } = lineEvent(this.conn, stream, masked, eol) as UnstampedEvent & { conn?: string };
    this.take({ at, event: event as Record<string, unknown> });
  }

  /**
   * The lines a chunk completed, all seen at `at`: the events line() records for each, serialized
   * from their bytes together (one buffer for the journal or the socket, no string per line).
   * Never throws.
   */
  lines(stream: LineStream, lines: readonly LineBytes[], at: number = monotonicNow()): void {
    if (lines.length === 0 || this.state === 'closed') return;
    this.waiting.push({ stream, lines, at });
    for (const line of lines) this.waitingBytes += line.bytes.length;
    if (this.waitingBytes >= LINES_WAIT_BYTES) this.recordWaiting();
    else this.waitTimer ??= setTimeout(() => this.recordWaiting(), LINES_WAIT_MS).unref();
  }

  /** The lines that wait, recorded now, before anything else is (so the record keeps their order). */
  private recordWaiting(): void {
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
    if (this.waiting.length === 0) return;
    const waiting = this.waiting;
    this.waiting = [];
    this.waitingBytes = 0;
    for (const { stream, lines, at } of waiting) this.recordLines(stream, lines, at);
  }

  private recordLines(stream: LineStream, lines: readonly LineBytes[], at: number): void {
    // A chunk holding a big line takes the line-by-line path, as the journal does (its own path for big lines).
    if (lines.some((l) => l.bytes.length >= BIG_LINE_BYTES)) {
      for (const l of lines) this.line(stream, l.bytes, l.eol, at);
      return;
    }
    const secrets = this.options.secrets;
    const masked = secrets
      ? lines.map((l) => {
          const bytes = secrets.maskBytes(l.bytes);
          return bytes === l.bytes ? l : { bytes, eol: l.eol };
        })
      : lines;
    if (this.state === 'journal') {
      if (!this.journal) return;
      try {
        this.journal.appendLines(this.conn, stream, masked, at);
      } catch (error) {
        this.sayOnce('journal', `the journal could not be written (${(error as Error).message})`);
      }
      return;
    }
    try {
      const head = `{"at":${at},"event":{"kind":"line","stream":"${stream}",`;
      this.push({ json: lineEventTexts(masked, () => head, '}').texts.join(',') });
    } catch (error) {
      this.sayOnce('record', `lines could not be recorded (${(error as Error).message})`);
    }
  }

  nameHost(host: { name: string; version?: string }): void {
    const tap = this.spawn?.event.tap;
    if (this.spawn && typeof tap === 'object' && tap !== null)
      this.spawn = { ...this.spawn, event: { ...this.spawn.event, tap: { ...tap, client: host } } };
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    if (this.poll) clearInterval(this.poll);
    this.recordWaiting();
    this.sendNow();
    const ws = this.ws;
    this.state = 'closed';
    let clean = false;
    if (ws && ws.readyState === WebSocket.OPEN) {
      // A bridge behind a flood has megabytes of frames still to take: they are handed to the
      // system first (which delivers them even after the tap exits), as long as the bridge keeps
      // taking them; ending the socket earlier dropped them, and lines with them.
      for (let last = ws.bufferedAmount, still = 0; ws.readyState === WebSocket.OPEN && ws.bufferedAmount > 0 && still < 2000;) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        still = ws.bufferedAmount < last ? 0 : still + 20;
        last = ws.bufferedAmount;
      }
      // What was sent reaches the bridge before the socket closes; a bridge that does not answer the close is not waited for long.
      clean = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          ws.terminate();
          resolve(false);
        }, 2000);
        ws.once('close', (code) => {
          clearTimeout(timer);
          // The bridge answered our close after reading every frame before it.
          resolve(code === 1000);
        });
        ws.close(1000, 'the tapped server ended');
      });
    } else ws?.terminate();
    const unsure = clean ? [] : this.unconfirmed;
    this.unconfirmed = [];
    if (unsure.length + this.queue.length > 0) this.toJournal([...unsure, ...this.queue].flatMap(inputsOf));
    this.queue = [];
    this.journal?.close();
  }

  // ---- where an event goes ----

  private take(input: TapEventInput): void {
    if (this.state === 'closed') return;
    if (this.state === 'journal') return this.toJournal([input]);
    const json = JSON.stringify(input);
    if (json.length > EVENT_MAX_BYTES) {
      // Too big for a frame: kept whole in the journal, named on the bridge's timeline.
      const journal = this.openJournal();
      this.journalEvent(input);
      this.take({
        at: input.at,
        event: {
          kind: 'notice',
          level: 'info',
          message: `a ${String(input.event.kind)} event of ${json.length} bytes is in the tap's journal ${journal ?? '(none)'}`,
        },
      });
      return;
    }
    this.push({ input, json });
  }

  private push(item: Queued): void {
    this.queue.push(item);
    this.queueBytes += item.json.length;
    if (this.state === 'joined') this.scheduleSend();
    if (this.queueBytes + (this.ws?.bufferedAmount ?? 0) > SOCKET_HIGH_WATER) this.leaveBridge('the bridge does not keep up');
  }

  private scheduleSend(): void {
    if (this.sendScheduled) return;
    this.sendScheduled = true;
    setImmediate(() => {
      this.sendScheduled = false;
      this.sendNow();
    });
  }

  private sendNow(): void {
    const ws = this.ws;
    if (this.state !== 'joined' || ws === undefined || ws.readyState !== WebSocket.OPEN) return;
    const queue = this.queue;
    this.queue = [];
    this.queueBytes = 0;
    let i = 0;
    while (i < queue.length) {
      const parts: string[] = [];
      let bytes = 0;
      while (i < queue.length && (parts.length === 0 || bytes < FRAME_BYTES)) {
        const next = queue[i++] as Queued;
        this.unconfirmed.push(next);
        parts.push(next.json);
        bytes += next.json.length;
      }
      ws.send(`{"type":"events","events":[${parts.join(',')}]}`);
    }
    this.ping(ws);
  }

  private ping(ws: WebSocket): void {
    if (this.pinged !== undefined || this.unconfirmed.length === 0) return;
    this.pinged = this.unconfirmed.length;
    ws.ping();
  }

  // ---- the bridge ----

  /** Starts joining the bridge bridge.json names; false when there is none to join now. */
  private tryJoin(): boolean {
    const found = readBridgeFile(this.home);
    if (!found.ok) {
      if (!found.absent) {
        this.bridgeWhy = found.why;
        // At start the journal's fate is not known yet: the constructor says it once it is.
        if (this.state !== 'joining') this.sayBridgeWhy();
      }
      return false;
    }
    const info = found.info;
    if (this.failed && this.failed.token === info.tapToken && Date.now() < this.failed.retryAt) return false;
    this.bridge = info;
    this.state = 'joining';
    let ws: WebSocket;
    try {
      ws = new WebSocket(`${info.url.replace(/^http/, 'ws')}/ws/tap`, {
        headers: { Authorization: `Bearer ${info.tapToken}` },
        perMessageDeflate: false,
      });
    } catch (error) {
      this.leaveBridge(`the bridge at ${info.url} could not be reached (${(error as Error).message})`);
      return true;
    }
    this.ws = ws;
    ws.on('open', () => {
      const hello: TapFrame = {
        type: 'hello',
        tap: this.options.tap,
        version: VERSION,
        ...(this.journal ? { journal: path.basename(this.journal.file, '.jsonl') } : {}),
      };
      ws.send(JSON.stringify(hello));
    });
    ws.on('message', (data) => {
      let reply;
      try {
        reply = tapReplySchema.safeParse(JSON.parse(String(data)));
      } catch {
        return;
      }
      if (!reply.success || this.ws !== ws) return;
      if (reply.data.type === 'rejected') return this.leaveBridge(`the bridge refused the tap: ${reply.data.message}`);
      this.joined();
    });
    ws.on('pong', () => {
      if (this.ws !== ws || this.pinged === undefined) return;
      this.unconfirmed.splice(0, this.pinged);
      this.pinged = undefined;
      this.ping(ws);
    });
    const lost = (): void => {
      if (this.ws === ws && this.state !== 'closed') this.leaveBridge(`the bridge's socket closed`);
    };
    ws.on('close', lost);
    ws.on('error', lost);
    return true;
  }

  /** Welcomed: the spawn first, then what the journal holds, then the queue; from now on, live. */
  private joined(): void {
    const backlog: TapEventInput[] = this.spawn ? [this.spawn] : [];
    if (this.journal) {
      this.journal.close();
      backlog.push(...readBack(this.journal.file).filter((input) => input.event.kind !== 'spawn'));
      this.journal = undefined;
    }
    if (this.poll) clearInterval(this.poll);
    this.poll = undefined;
    this.failed = undefined;
    this.state = 'joined';
    const queued = this.queue;
    this.queue = [];
    this.queueBytes = 0;
    for (const input of backlog) this.take(input);
    for (const q of queued) {
      if (q.input === undefined) this.push(q);
      else if (q.input !== this.spawn) this.take(q.input);
    }
    this.sendNow();
  }

  /** The socket failed or closed: journal from here on, and look for a bridge again. */
  private leaveBridge(why: string): void {
    const ws = this.ws;
    this.ws = undefined;
    if (this.bridge) this.failed = { token: this.bridge.tapToken, retryAt: Date.now() + 5000 };
    ws?.removeAllListeners();
    ws?.on('error', () => undefined);
    ws?.terminate();
    if (this.state === 'closed') return;
    const wasJoined = this.state === 'joined';
    this.state = 'journal';
    const unsure = this.unconfirmed.flatMap(inputsOf);
    this.unconfirmed = [];
    this.pinged = undefined;
    const queued = [...unsure, ...this.queue.flatMap(inputsOf)];
    this.queue = [];
    this.queueBytes = 0;
    const also = unsure.length > 0 ? ` (with the last ${unsure.length} event(s) sent, which the bridge may have recorded too)` : '';
    if (wasJoined)
      queued.unshift({
        at: monotonicNow(),
        event: { kind: 'notice', level: 'info', message: `${why}: journaled by the tap from here${also}` },
      });
    this.toJournal(queued);
    this.startPolling();
  }

  /** Says why no bridge was joined, once per reason, while a journal records (else openJournal said it). */
  private sayBridgeWhy(): void {
    const why = this.bridgeWhy;
    if (why !== undefined && this.journal) this.sayOnce(`bridge:${why}`, `not joining a bridge: ${why}`);
  }

  private startPolling(): void {
    if (this.poll) return;
    this.poll = setInterval(() => {
      if (this.state === 'journal') this.tryJoin();
    }, this.options.pollMs ?? 1000);
    this.poll.unref();
  }

  // ---- the journal ----

  private toJournal(inputs: readonly TapEventInput[]): void {
    if (this.openJournal() === undefined) return;
    for (const input of inputs) this.journalEvent(input);
  }

  /** The tap's journal, opened (with the spawn first) when first needed; undefined when the disk refuses. */
  private openJournal(): string | undefined {
    if (this.journal) return path.basename(this.journal.file, '.jsonl');
    try {
      this.journal = new Journal(path.join(this.home, 'journal'), `tap-${newSessionId()}`);
    } catch (error) {
      const bridge = this.bridgeWhy === undefined ? '' : `no bridge joined (${this.bridgeWhy}) and `;
      this.sayOnce(
        'journal',
        `not recording: ${bridge}the journal could not be opened (${(error as Error).message}); the server's bytes still pass`,
      );
      return undefined;
    }
    this.journal.onState((state) => {
      if (!state.ok) this.sayOnce('journal', `the journal could not be written (${state.message}); the server's bytes still pass`);
    });
    if (this.spawn) this.journalEvent(this.spawn);
    return path.basename(this.journal.file, '.jsonl');
  }

  private journalEvent(input: TapEventInput): void {
    const journal = this.journal;
    if (!journal) return;
    // One spawn per journal, whichever copy (the host may have been named since it was sent).
    if (input.event.kind === 'spawn' && journal.lastSeq >= 0) return;
    try {
      journal.append({ ...input.event, conn: this.conn } as UnstampedEvent, input.at);
    } catch (error) {
      this.sayOnce('journal', `the journal could not be written (${(error as Error).message})`);
    }
  }

  private sayOnce(key: string, text: string): void {
    if (this.said.has(key)) return;
    this.said.add(key);
    try {
      this.options.err.write(`mcp-lens tap: ${text}\n`);
    } catch {
      // The host closed our stderr: nothing more to say.
    }
  }
}

/** What a journal holds, as a tap sends it: each event's time as `at`, without its stamp or connection. */
function readBack(file: string): TapEventInput[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const inputs: TapEventInput[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const { seq: _seq, t, conn: _conn, ...event } = JSON.parse(line) as Record<string, unknown>;
      inputs.push({ at: typeof t === 'number' ? t : monotonicNow(), event });
    } catch {
      // A cut last line: the journal says so when it is opened; the bridge gets the rest.
    }
  }
  return inputs;
}
