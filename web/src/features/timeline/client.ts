/**
 * The page's handle on the timeline worker (TimelineClient): questions go out with a number,
 * answers come back in order and settle the promise of that number; stats reach listeners at
 * most once per animation frame, however often the worker sends them.
 */
import type {
  RowDetail,
  TimelineAnswer,
  TimelineClient,
  TimelineFilter,
  TimelineQuery,
  TimelineRow,
  TimelineSort,
  TimelineSpan,
  TimelineStats,
  TimelineTask,
} from '../../../../protocol/timeline/contract.js';

/** The worker as the client sees it; tests put the host itself behind one. */
export interface TimelinePort {
  postMessage(message: TimelineQuery): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  terminate(): void;
}

export type TimelineSource = Extract<TimelineQuery, { type: 'source' }>['source'];

type Answered = Exclude<TimelineAnswer, { type: 'stats' } | { type: 'problem' }>;

/** Once a frame in a page, at once elsewhere (tests). */
const nextFrame = (run: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(run, 0);
};

export class WorkerTimelineClient implements TimelineClient {
  private q = 0;
  private readonly waiting = new Map<number, (answer: Answered) => void>();
  private readonly statsListeners = new Set<(stats: TimelineStats) => void>();
  private readonly problemListeners = new Set<(message: string) => void>();
  private latest: TimelineStats | undefined;
  private framePending = false;
  private current: TimelinePort | undefined;
  private source: TimelineSource | undefined;

  /**
   * The worker starts on first use, and again after dispose (React mounts effects twice in
   * development). `makePort` is the app's worker file (timelineWorker.ts) or the HTML viewer's
   * inlined one: passed in, so that the viewer's bundle holds no reference to the app's file.
   */
  constructor(private readonly makePort: () => TimelinePort) {}

  private get port(): TimelinePort {
    if (!this.current) {
      const port = this.makePort();
      port.onmessage = (event) => {
        if (this.current === port) this.receive(event.data as TimelineAnswer);
      };
      this.current = port;
    }
    return this.current;
  }

  /** Starts over on a source: the live session (then `push` its frames) or a journal. */
  setSource(source: TimelineSource): void {
    this.source = source;
    this.port.postMessage({ type: 'source', source });
  }

  /** The live session this client follows, if any. */
  get session(): string | undefined {
    return this.source?.kind === 'live' ? this.source.session : undefined;
  }

  /** An events frame exactly as the socket received it: the worker parses it. */
  push(frameText: string): void {
    this.port.postMessage({ type: 'frame', text: frameText });
  }

  /** The last stats the worker sent, for a view mounting after they came. */
  get stats(): TimelineStats | undefined {
    return this.latest;
  }

  async setFilter(filter: TimelineFilter, sort: TimelineSort): Promise<void> {
    await this.ask((q) => ({ type: 'filter', q, filter, sort }));
  }

  async window(start: number, count: number): Promise<TimelineRow[]> {
    const answer = await this.ask((q) => ({ type: 'window', q, start, count }));
    return answer.type === 'window' ? answer.rows : [];
  }

  async spans(t0: number, t1: number, limit: number): Promise<TimelineSpan[]> {
    const answer = await this.ask((q) => ({ type: 'spans', q, t0, t1, limit }));
    return answer.type === 'spans' ? answer.spans : [];
  }

  async detail(row: number): Promise<RowDetail | undefined> {
    const answer = await this.ask((q) => ({ type: 'detail', q, row }));
    return answer.type === 'detail' ? answer.detail : undefined;
  }

  async position(row: number): Promise<number> {
    const answer = await this.ask((q) => ({ type: 'position', q, row }));
    return answer.type === 'position' ? answer.index : -1;
  }

  async rowOf(seq: number): Promise<number> {
    const answer = await this.ask((q) => ({ type: 'rowOf', q, seq }));
    return answer.type === 'rowOf' ? answer.row : -1;
  }

  async tasks(conn?: string): Promise<TimelineTask[]> {
    const answer = await this.ask((q) => ({ type: 'tasks', q, ...(conn === undefined ? {} : { conn }) }));
    return answer.type === 'tasks' ? answer.tasks : [];
  }

  onStats(listener: (stats: TimelineStats) => void): () => void {
    this.statsListeners.add(listener);
    if (this.latest) listener(this.latest);
    return () => this.statsListeners.delete(listener);
  }

  onProblem(listener: (message: string) => void): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  /** Ends the worker; questions still open are never answered. */
  dispose(): void {
    this.current?.terminate();
    this.current = undefined;
    this.source = undefined;
    this.waiting.clear();
  }

  private ask(query: (q: number) => TimelineQuery): Promise<Answered> {
    const q = ++this.q;
    return new Promise((resolve) => {
      this.waiting.set(q, resolve);
      this.port.postMessage(query(q));
    });
  }

  private receive(answer: TimelineAnswer): void {
    switch (answer.type) {
      case 'stats':
        this.latest = answer.stats;
        if (!this.framePending) {
          this.framePending = true;
          nextFrame(() => {
            this.framePending = false;
            const stats = this.latest;
            if (stats) for (const listener of this.statsListeners) listener(stats);
          });
        }
        return;
      case 'problem':
        for (const listener of this.problemListeners) listener(answer.message);
        return;
      case 'window':
      case 'spans':
      case 'detail':
      case 'position':
      case 'rowOf':
      case 'tasks':
      case 'filtered': {
        const resolve = this.waiting.get(answer.q);
        this.waiting.delete(answer.q);
        resolve?.(answer);
        return;
      }
      default: {
        const never: never = answer;
        return never;
      }
    }
  }
}
