/**
 * Lint in a pass of its own (ADR 6): it reads the same source as the index, in another worker,
 * and hands the index its findings by seq. Lint was about half of what an event cost the
 * index's fold; apart, the rows of a big journal are ready in about half the time, on one
 * core, while lint runs on the other and its findings arrive behind, with their progress shown.
 */
import { z } from 'zod';
import type { BridgeEvent } from '../envelope.js';
import { ExchangeTracker } from '../exchanges.js';
import { Linter } from '../lint/index.js';
import type { Severity } from '../lint/index.js';
import { parseEventText, parseEventsFrame } from './eventLine.js';
import { KEEP_CLOSED } from './fold.js';
import { readJournal } from './journalReader.js';

/** Findings at most this often, so the index takes them in batches. */
const FLUSH_MS = 50;
/** Lint time between yields, so a newer source is heard while a journal is read. */
const SLICE_MS = 30;
/** The rest after each slice of live frames: lint takes at most about half a core while they stream. */
const REST_MS = 30;

export interface LintFinding {
  seq: number;
  rule: string;
  severity: Severity;
  message: string;
  /** The spec page the rule rests on. */
  spec: string;
}

/** Index -> lint. `generation` names the source; anything for an older one is dropped. */
export type LintQuery =
  | { type: 'source'; generation: number; journal?: { url: string; token: string } }
  /** An events frame exactly as the socket received it (the lint pass holds it while its backlog is read). */
  | { type: 'frame'; generation: number; text: string };

/** Lint -> index. `linted`: events linted so far; `done`: the journal read whole (live frames follow). */
export type LintAnswer = { type: 'findings'; generation: number; findings: LintFinding[]; linted: number; done: boolean };

const severitySchema = z.enum(['error', 'warning', 'info']) satisfies z.ZodType<Severity>;

export const lintQuerySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('source'),
    generation: z.number().int(),
    journal: z.object({ url: z.string(), token: z.string() }).optional(),
  }),
  z.object({ type: z.literal('frame'), generation: z.number().int(), text: z.string() }),
]);

export const lintAnswerSchema = z.object({
  type: z.literal('findings'),
  generation: z.number().int(),
  findings: z.array(z.object({ seq: z.number().int(), rule: z.string(), severity: severitySchema, message: z.string(), spec: z.string() })),
  linted: z.number().int().nonnegative(),
  done: z.boolean(),
});

/** Pairing and lint over events in seq order, forgetting closed exchanges as the index does. */
export class LintFold {
  lastSeq = -1;
  linted = 0;
  private readonly linter = new Linter({ keepFindings: false });
  private readonly tracker = new ExchangeTracker({
    keepClosed: KEEP_CLOSED,
    keepProgress: false,
    onForget: (exchange) => this.linter.forget(exchange.conn, exchange.key, exchange.from, exchange.id),
  });

  /**
   * Lints one event; `found` gets its findings, each under the seq of the event that revealed
   * it (as the index's own fold files them). A seq already linted is skipped.
   */
  apply(event: BridgeEvent, found: LintFinding[]): void {
    if (event.seq <= this.lastSeq) return;
    this.lastSeq = event.seq;
    this.linted++;
    const message = this.tracker.apply(event);
    for (const f of this.linter.apply(event, message)) {
      found.push({ seq: event.seq, rule: f.rule, severity: f.severity, message: f.message, spec: f.spec });
    }
  }
}

/** What the lint worker runs: a LintFold fed by the index's source. Free of worker globals, like TimelineHost. */
export class LintHost {
  private generation = -1;
  private fold = new LintFold();
  private found: LintFinding[] = [];
  /** Frames that came while the backlog was read. */
  private held: string[] | undefined;
  private done = true;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** Live frames waiting to be linted, from `queuedAt` on. */
  private queued: string[] = [];
  private queuedAt = 0;
  private pumping = false;
  /** Bumped per pump started and per source, so a pump of an older source stops. */
  private pumps = 0;

  constructor(private readonly post: (answer: LintAnswer) => void) {}

  receive(data: unknown): void {
    const parsed = lintQuerySchema.safeParse(data);
    // Only the index speaks to this pass; a message it cannot read is dropped, not fatal.
    if (!parsed.success) return;
    const query = parsed.data;
    switch (query.type) {
      case 'source':
        this.generation = query.generation;
        this.fold = new LintFold();
        this.found = [];
        this.held = query.journal ? [] : undefined;
        this.queued = [];
        this.queuedAt = 0;
        this.pumps++;
        this.pumping = false;
        this.done = query.journal === undefined;
        if (query.journal) void this.read(query.journal.url, query.journal.token, query.generation);
        this.flush();
        return;
      case 'frame':
        if (query.generation !== this.generation) return;
        if (this.held) this.held.push(query.text);
        else {
          this.queued.push(query.text);
          this.pump();
        }
        return;
      default: {
        const never: never = query;
        return never;
      }
    }
  }

  private async read(url: string, token: string, generation: number): Promise<void> {
    const alive = (): boolean => generation === this.generation;
    let sliceStart = performance.now();
    let flushed = sliceStart;
    await readJournal(url, token, {
      line: (text) => {
        const parsed = parseEventText(text);
        if (parsed.ok) this.fold.apply(parsed.event, this.found);
      },
      alive,
      progress: async () => {
        const now = performance.now();
        if (now - flushed > FLUSH_MS) {
          this.flush();
          flushed = now;
        }
        if (now - sliceStart > SLICE_MS) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          sliceStart = performance.now();
        }
      },
    });
    if (!alive()) return;
    // An unreadable journal is the index's to report; lint ends with what it read.
    const held = this.held ?? [];
    this.held = undefined;
    for (const text of held) this.applyFrame(text);
    this.done = true;
    this.flush();
  }

  /**
   * Lints queued live frames in slices with rests between them: under a flood, lint falls
   * behind and catches up after, instead of taking a core from the page and the index.
   */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    const pump = ++this.pumps;
    const slice = (): void => {
      // A new source started over: its own pump runs now.
      if (pump !== this.pumps) return;
      const start = performance.now();
      while (this.queuedAt < this.queued.length && performance.now() - start < SLICE_MS) {
        this.applyFrame(this.queued[this.queuedAt] ?? '');
        this.queuedAt++;
      }
      this.scheduleFlush();
      if (this.queuedAt < this.queued.length) {
        setTimeout(slice, REST_MS);
        return;
      }
      this.queued = [];
      this.queuedAt = 0;
      this.pumping = false;
    };
    slice();
  }

  private applyFrame(text: string): void {
    // A frame the index could not read is the index's to report.
    const frame = parseEventsFrame(text);
    if (!frame.ok) return;
    for (const { parsed } of frame.events) if (parsed.ok) this.fold.apply(parsed.event, this.found);
  }

  private scheduleFlush(): void {
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, FLUSH_MS);
  }

  private flush(): void {
    const findings = this.found;
    this.found = [];
    this.post({ type: 'findings', generation: this.generation, findings, linted: this.fold.linted, done: this.done });
  }
}
