/**
 * What the timeline worker runs: the index behind the TimelineQuery / TimelineAnswer messages,
 * fed by the live session's frames or by a journal read from the bridge. Kept free of worker
 * globals (it is given a `post`) so that tests run it in Node against a real bridge.
 */
import type { TimelineAnswer, TimelineQuery, TimelineStats } from './contract.js';
import { isCutOff, parseEventText, parseEventsFrame } from './eventLine.js';
import { readJournal, readJournalTail, type ReadProgress } from './journalReader.js';
import { lintAnswerSchema, type LintQuery } from './lintPass.js';
import { ByteReader, readSnapshot, snapshotBytes } from './snapshot.js';
import { UpdatePacer } from '../updatePacer.js';
import { timelineQuerySchema } from './queries.js';
import { TimelineIndex } from './timelineIndex.js';

/**
 * Bytes of a journal's end read first, for the newest rows while the rest is read: several
 * hundred events, more than a screen holds. A fresh worker runs cold code, so size matters: in
 * a fresh Node process 1 MiB (3,000 events) folded in about 1 s with lint (its validators'
 * first compile most of it) and 0.4 s without; 256 KiB (760 events) without lint in 0.05 s.
 */
const TAIL_BYTES = 256 * 1024;
/** Stats at most this often while a journal is read: the page redraws once a frame anyway. */
const STATS_MS = 33;
/** Folding time between yields, so queries are answered while a journal is read. */
const SLICE_MS = 30;
/** Damaged lines reported one by one; past that, a count at the end. */
const PROBLEMS_SAID = 10;
/**
 * Journals from this size on get their index kept (ADR 7). Below it, folding again is about
 * as quick as a download (32 MiB is about 100,000 events: 1-2 s), and costs no disk.
 */
const KEEP_FROM_BYTES = 32 * 1024 * 1024;
/** A saved index goes to the bridge in parts of this size: no part, and no copy, is ever the whole. */
const PART_BYTES = 8 * 1024 * 1024;

interface KeepTarget {
  url: string;
  token: string;
  journalBytes: number;
  generation: number;
}

type Post = (answer: TimelineAnswer) => void;

/**
 * The index's line to a lint pass in another worker (ADR 6). Without one, the index lints in
 * its own fold: one core does both.
 */
export interface LintLink {
  post(query: LintQuery): void;
  listen(handler: (answer: unknown) => void): void;
}

export class TimelineHost {
  /** The index the views see. */
  private index = new TimelineIndex();
  /** Row numbers start over with each new index shown. */
  private epoch = 0;
  /** A journal being read (whole), and how far. */
  private reading: { index: TimelineIndex; progress: ReadProgress } | undefined;
  private complete = true;
  /** Live frames that came while the backlog was being read. */
  private held: string[] | undefined;
  private statsTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Stats for live frames and lint's findings: within 30 ms after a quiet spell, five times a
   * second while they stream. The page's list and waterfall ask again on each; at 30 a second
   * through a flood, that was work on the page's main thread for changes no eye follows.
   */
  private readonly livePacer = new UpdatePacer(() => this.postStats());
  private damaged = 0;
  private filterQuery: Extract<TimelineQuery, { type: 'filter' }> | undefined;
  /** Bumped per source, so a read of a replaced source stops. */
  private generation = 0;

  /** How far the lint pass has got, for the current source. */
  private lintProgress: { linted: number; done: boolean } | undefined;
  /**
   * What the lint pass is told once the journal is indexed: its source, then the frames that
   * came meanwhile. Lint waits for the index: run side by side on this 2-core machine, the two
   * passes slowed each other so much that the rows came no sooner (26.1 s for a million events,
   * against 18.3 s with the lint pass idle).
   */
  private lintLater: LintQuery[] | undefined;

  /** The saved index of the source, as the stats tell it. */
  private saved: TimelineStats['saved'];
  /** A journal read whole whose index is kept once lint has filed its findings. */
  private keepTarget: KeepTarget | undefined;

  constructor(
    private readonly post: Post,
    private readonly lint?: LintLink,
    private readonly keepFromBytes = KEEP_FROM_BYTES,
  ) {
    lint?.listen((answer) => this.onLint(answer));
  }

  /** An index for this host: it lints in its own fold only when no lint pass runs apart. */
  private newIndex(): TimelineIndex {
    return new TimelineIndex({ lint: this.lint === undefined });
  }

  private onLint(data: unknown): void {
    const parsed = lintAnswerSchema.safeParse(data);
    if (!parsed.success) {
      this.problem(`the lint pass sent a message the timeline does not understand: ${parsed.error.issues[0]?.message ?? ''}`);
      return;
    }
    const answer = parsed.data;
    if (answer.generation !== this.generation) return;
    // The whole index while a journal is read (a preview of its tail gets none), else the one shown.
    (this.reading?.index ?? this.index).addFindings(answer.findings);
    this.lintProgress = { linted: answer.linted, done: answer.done };
    this.livePacer.events(answer.findings.length);
    this.keepWhenLinted();
  }

  /** One message from the page. */
  receive(data: unknown): void {
    const parsed = timelineQuerySchema.safeParse(data);
    if (!parsed.success) {
      this.problem(`the timeline got a message it does not understand: ${parsed.error.issues[0]?.message ?? ''}`);
      return;
    }
    const query = parsed.data;
    switch (query.type) {
      case 'source':
        this.startSource(query.source);
        return;
      case 'frame': {
        let count = 1;
        if (this.held) this.held.push(query.text);
        else count = this.applyFrame(this.index, query.text);
        this.toLint({ type: 'frame', generation: this.generation, text: query.text });
        this.livePacer.events(count);
        return;
      }
      case 'filter':
        this.filterQuery = query;
        this.index.setFilter(query.filter, query.sort);
        this.post({ type: 'filtered', q: query.q });
        this.postStats();
        return;
      case 'window':
        this.post({ type: 'window', q: query.q, start: query.start, rows: this.index.window(query.start, query.count) });
        return;
      case 'spans':
        this.post({ type: 'spans', q: query.q, spans: this.index.spans(query.t0, query.t1, query.limit) });
        return;
      case 'detail':
        this.post({ type: 'detail', q: query.q, detail: this.index.detail(query.row) });
        return;
      case 'position':
        this.post({ type: 'position', q: query.q, index: this.index.position(query.row) });
        return;
      case 'rowOf':
        this.post({ type: 'rowOf', q: query.q, row: this.index.rowOf(query.seq) });
        return;
      case 'tasks':
        this.post({ type: 'tasks', q: query.q, tasks: this.index.tasks(query.conn) });
        return;
      default: {
        const never: never = query;
        return never;
      }
    }
  }

  /** Resolves once the current source's journal (if any) is read whole: for tests and benchmarks. */
  idle: Promise<void> = Promise.resolve();

  private startSource(source: Extract<TimelineQuery, { type: 'source' }>['source']): void {
    const generation = ++this.generation;
    this.show(this.newIndex());
    this.reading = undefined;
    this.held = undefined;
    this.damaged = 0;
    this.complete = true;
    const journal = source.kind === 'journal' ? source : source.backlog;
    this.lintProgress = this.lint ? { linted: 0, done: journal === undefined } : undefined;
    this.lintLater = undefined;
    this.saved = undefined;
    this.keepTarget = undefined;
    if (journal && this.lint) this.lintLater = [{ type: 'source', generation, journal: { url: journal.url, token: journal.token } }];
    else this.toLint({ type: 'source', generation });
    if (journal) {
      this.complete = false;
      if (source.kind === 'live') this.held = [];
      this.idle = this.readSource(journal.url, journal.token, generation, source.kind === 'journal' ? source.index : undefined);
    } else this.idle = Promise.resolve();
    this.postStats();
  }

  private async readSource(url: string, token: string, generation: number, indexUrl?: string): Promise<void> {
    const alive = (): boolean => generation === this.generation;
    const tail = await readJournalTail(url, token, TAIL_BYTES);
    if (!alive()) return;
    if (tail) {
      // The newest events at once, paired among themselves and not linted; replaced by the
      // whole once read, findings included.
      const preview = new TimelineIndex({ lint: false });
      for (const line of tail.lines) this.applyLine(preview, line, false);
      this.reading = { index: this.newIndex(), progress: { bytesRead: 0, bytesTotal: tail.size } };
      this.show(preview);
    }
    if (indexUrl !== undefined) {
      const loaded = await this.readSaved(indexUrl, token, tail?.size, alive);
      if (!alive()) return;
      if (loaded) {
        this.reading = undefined;
        this.complete = true;
        // Its findings came with it: the lint pass has nothing to read.
        this.lintLater = undefined;
        if (this.lintProgress) this.lintProgress = loaded.lint ?? { linted: loaded.index.eventCount, done: true };
        this.saved = { state: 'loaded' };
        this.show(loaded.index);
        return;
      }
    }
    const full = this.reading?.index ?? this.index;
    this.reading ??= { index: full, progress: { bytesRead: 0 } };
    this.postStats();
    let sliceStart = now();
    const outcome = await readJournal(url, token, {
      line: (text) => this.applyLine(full, text, true),
      alive,
      progress: async (progress) => {
        if (this.reading) this.reading.progress = progress;
        this.scheduleStats();
        if (now() - sliceStart > SLICE_MS) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          sliceStart = now();
        }
      },
    });
    if (!alive()) return;
    if (!outcome.ok) this.problem(outcome.message);
    else if (outcome.cutLine !== undefined) {
      // A journal still being written can end mid-line; a live session's frames bring that event.
      if (this.held === undefined) {
        if (isCutOff(parseEventText(outcome.cutLine))) {
          this.problem('the last line of the journal is cut off (the bridge stopped mid-write)');
          full.applyMalformed(outcome.cutLine);
        } else this.applyLine(full, outcome.cutLine, true);
      }
    }
    if (this.damaged > PROBLEMS_SAID)
      this.problem(`${this.damaged} lines of the journal in all are not events; each is shown as an invalid row`);
    const held = this.held ?? [];
    this.held = undefined;
    for (const text of held) this.applyFrame(full, text);
    this.reading = undefined;
    this.complete = true;
    if (full !== this.index) this.show(full);
    else this.postStats();
    const later = this.lintLater ?? [];
    this.lintLater = undefined;
    for (const query of later) this.lint?.post(query);
    const journalBytes = outcome.ok ? outcome.bytesTotal : undefined;
    if (
      indexUrl !== undefined &&
      journalBytes !== undefined &&
      journalBytes >= this.keepFromBytes &&
      outcome.ok &&
      outcome.cutLine === undefined
    ) {
      this.keepTarget = { url: indexUrl, token, journalBytes, generation };
      this.keepWhenLinted();
    }
  }

  /**
   * An earlier session's saved index, read back; undefined when there is none (the bridge
   * answers 404) or it cannot stand in for the journal (said as a problem: the journal is read).
   */
  private async readSaved(
    url: string,
    token: string,
    journalBytes: number | undefined,
    alive: () => boolean,
  ): Promise<Extract<Awaited<ReturnType<typeof readSnapshot>>, { ok: true }> | undefined> {
    let response: Response;
    try {
      response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    } catch {
      return undefined;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return undefined;
    }
    const length = Number(response.headers.get('content-length') ?? NaN);
    const body = response.body.getReader();
    this.reading ??= { index: this.index, progress: { bytesRead: 0 } };
    const reading = this.reading;
    let sliceStart = now();
    const outcome = await readSnapshot(
      new ByteReader(async () => {
        if (!alive()) {
          await body.cancel();
          return undefined;
        }
        const { done, value } = await body.read();
        return done ? undefined : value;
      }),
      journalBytes === undefined ? {} : { journalBytes },
      async (bytes) => {
        reading.progress = { bytesRead: bytes, ...(Number.isFinite(length) ? { bytesTotal: length } : {}) };
        this.scheduleStats();
        if (now() - sliceStart > SLICE_MS) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          sliceStart = now();
        }
      },
    );
    if (!alive()) return undefined;
    if (outcome.ok) return outcome;
    await body.cancel().catch(() => undefined);
    this.problem(`the saved index of this session was not used (${outcome.reason}): its journal is read instead`);
    return undefined;
  }

  /** Keeps the index of a journal read whole, once lint (when it runs apart) has filed every finding. */
  private keepWhenLinted(): void {
    const target = this.keepTarget;
    if (!target || target.generation !== this.generation) return;
    if (this.lintProgress && !this.lintProgress.done) return;
    this.keepTarget = undefined;
    void this.keep(target);
  }

  private async keep(target: KeepTarget): Promise<void> {
    const alive = (): boolean => target.generation === this.generation;
    const headers = { Authorization: `Bearer ${target.token}`, 'Content-Type': 'application/octet-stream' };
    const index = this.index;
    let offset = 0;
    const send = async (part: Uint8Array<ArrayBuffer>): Promise<void> => {
      const url = new URL(target.url);
      url.searchParams.set('journalBytes', String(target.journalBytes));
      url.searchParams.set('offset', String(offset));
      // As a Blob (a copy, so the part's buffer can be filled again): Chromium sent an 8 MiB
      // typed array in 1.2-2 s and a Blob of it in 0.15-0.2 s, from a worker or from the page.
      const response = await fetch(url, { method: 'PUT', headers, body: new Blob([part]) });
      if (!response.ok) throw new Error(await reasonOf(response));
      offset += part.byteLength;
      this.saved = { state: 'saving', bytes: offset };
      this.scheduleStats();
    };
    this.saved = { state: 'saving', bytes: 0 };
    try {
      const part = new Uint8Array(PART_BYTES);
      let filled = 0;
      for (const piece of snapshotBytes(index, {
        journalBytes: target.journalBytes,
        ...(this.lintProgress ? { lint: this.lintProgress } : {}),
      })) {
        for (let at = 0; at < piece.byteLength;) {
          const n = Math.min(PART_BYTES - filled, piece.byteLength - at);
          part.set(piece.subarray(at, at + n), filled);
          filled += n;
          at += n;
          if (filled < PART_BYTES) continue;
          await send(part);
          filled = 0;
          if (!alive()) return;
        }
      }
      if (filled > 0) await send(part.subarray(0, filled));
      const commit = new URL(`${target.url}/commit`);
      commit.searchParams.set('journalBytes', String(target.journalBytes));
      commit.searchParams.set('indexBytes', String(offset));
      const response = await fetch(commit, { method: 'POST', headers: { Authorization: `Bearer ${target.token}` } });
      if (!response.ok) throw new Error(await reasonOf(response));
      if (alive()) this.saved = { state: 'saved', bytes: offset };
    } catch (error) {
      if (alive()) this.saved = { state: 'failed', message: (error as Error).message };
    }
    if (alive()) this.postStats();
  }

  private toLint(query: LintQuery): void {
    if (this.lintLater) this.lintLater.push(query);
    else this.lint?.post(query);
  }

  private applyLine(index: TimelineIndex, text: string, report: boolean): void {
    const parsed = parseEventText(text);
    if (parsed.ok) {
      index.apply(parsed.event);
      return;
    }
    index.applyMalformed(text);
    if (!report) return;
    this.damaged++;
    if (this.damaged <= PROBLEMS_SAID) this.problem(`a journal line is not an event (${parsed.error}): ${clip(text)}`);
  }

  /** Folds a frame's events; how many it held. */
  private applyFrame(index: TimelineIndex, text: string): number {
    // A replayed frame the journal already gave: skipped without parsing it.
    if (lastSeqOf(text) <= index.lastSeq) return 0;
    const frame = parseEventsFrame(text);
    if (!frame.ok) {
      this.problem(`the page passed a frame that is ${frame.error}`);
      return 0;
    }
    for (const { raw, parsed } of frame.events) {
      if (parsed.ok) index.apply(parsed.event);
      else {
        this.problem(`an event could not be read: ${parsed.error}`);
        index.applyMalformed(JSON.stringify(raw) ?? String(raw));
      }
    }
    return frame.events.length;
  }

  /** Makes an index the one the views see: row numbers start over. */
  private show(index: TimelineIndex): void {
    this.index = index;
    this.epoch++;
    if (this.filterQuery) index.setFilter(this.filterQuery.filter, this.filterQuery.sort);
    this.postStats();
  }

  private scheduleStats(): void {
    this.statsTimer ??= setTimeout(() => {
      this.statsTimer = undefined;
      this.postStats();
    }, STATS_MS);
  }

  private postStats(): void {
    this.post({ type: 'stats', stats: this.stats() });
  }

  stats(): TimelineStats {
    const reading = this.reading;
    const lint = { ...(this.lintProgress ? { lint: this.lintProgress } : {}), ...(this.saved ? { saved: this.saved } : {}) };
    if (!reading) return this.index.stats({ epoch: this.epoch, complete: this.complete, ...lint });
    const { bytesRead, bytesTotal } = reading.progress;
    const indexed = reading.index.eventCount;
    // Until the end, how many events the journal holds is estimated from the share read.
    const total = bytesTotal !== undefined && bytesRead > 0 ? Math.round((indexed * bytesTotal) / bytesRead) : indexed;
    return this.index.stats({
      indexed,
      total,
      bytesRead,
      ...(bytesTotal === undefined ? {} : { bytesTotal }),
      epoch: this.epoch,
      complete: false,
      ...lint,
    });
  }

  private problem(message: string): void {
    this.post({ type: 'problem', message });
  }
}

/** The bridge's reason for refusing a request, or its status. */
async function reasonOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${response.status}`;
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

const now = (): number => performance.now();

/**
 * The seq of a frame's last event, read off its text: the bridge writes each event as
 * `{"seq":N,...`, and that text cannot occur inside a JSON string (its quotes would be escaped).
 * Infinity when it is not found, so the frame is parsed.
 */
export function lastSeqOf(frame: string): number {
  const at = frame.lastIndexOf('{"seq":');
  if (at === -1) return Infinity;
  const match = /^\d+/.exec(frame.slice(at + 7, at + 30));
  return match ? Number(match[0]) : Infinity;
}
