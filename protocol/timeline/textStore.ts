/**
 * The raw text of every event, kept as a few large strings instead of millions of small ones:
 * V8 stores ASCII text one byte a character, and a case-insensitive search runs one regular
 * expression over each large string (native speed) instead of one test per event.
 * Texts are separated by "\n", which no recorded line contains, so a match never spans two.
 */
import { f64, type Column } from './columns.js';

/** Characters per sealed chunk: big enough for fast scans, small enough that one two-byte character doubles little. */
const CHUNK_CHARS = 1 << 20;

export interface Chunk {
  text: string;
  /** Index of the chunk's first event, and that event's global offset. */
  firstEvent: number;
  base: number;
  count: number;
}

export class TextStore {
  /** Global offset of each event's text; an event's text ends one character before the next one's start. */
  private readonly starts = f64();
  private readonly chunks: Chunk[] = [];
  private open: string[] = [];
  private openChars = 0;
  private openFirst = 0;
  private openBase = 0;
  /** The open chunk joined, cached until the next append. */
  private openJoined: string | undefined;
  private end = 0;

  get count(): number {
    return this.starts.length;
  }

  append(text: string): void {
    this.starts.push(this.end);
    this.open.push(text);
    this.openChars += text.length + 1;
    this.end += text.length + 1;
    this.openJoined = undefined;
    if (this.openChars >= CHUNK_CHARS) this.seal();
  }

  get(event: number): string {
    // The open chunk still has each text apart: no join per look (a live filter looks at every new line).
    if (event >= this.openFirst) return this.open[event - this.openFirst] ?? '';
    const start = this.starts.get(event);
    const chunk = this.chunkOf(event);
    const stop = event + 1 < this.starts.length ? this.starts.get(event + 1) - 1 : this.end - 1;
    return chunk.text.slice(start - chunk.base, stop - chunk.base);
  }

  /**
   * Calls onHit(event) for each event whose text the pattern matches, in order, at most once
   * each. `from`: the first event to look at. The pattern must have the global flag.
   */
  search(pattern: RegExp, onHit: (event: number) => void, from = 0): void {
    for (const chunk of this.allChunks()) {
      const lastEvent = chunk.firstEvent + chunk.count - 1;
      if (lastEvent < from) continue;
      const text = chunk.text;
      pattern.lastIndex = from > chunk.firstEvent ? this.starts.get(from) - chunk.base : 0;
      let event = chunk.firstEvent;
      for (;;) {
        const hit = pattern.exec(text);
        if (hit === null) break;
        const at = chunk.base + hit.index;
        event = this.eventAt(at, event, lastEvent);
        onHit(event);
        // Next: the start of the following event, since one hit per event is enough.
        const next = event + 1 <= lastEvent ? this.starts.get(event + 1) : chunk.base + text.length;
        pattern.lastIndex = Math.max(next - chunk.base, hit.index + 1);
        if (pattern.lastIndex >= text.length) break;
      }
    }
  }

  /** The event holding global offset `at`, searching forward from `from` (hits come in order). */
  private eventAt(at: number, from: number, last: number): number {
    // Gallop then bisect: usually the hit is in `from` or just after it.
    let lo = from;
    let step = 1;
    let hi = from;
    while (hi < last && this.starts.get(hi + 1) <= at) {
      lo = hi + 1;
      hi = Math.min(last, hi + step);
      step *= 2;
    }
    hi = Math.min(last, hi);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts.get(mid) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Every text in sealed chunks (the open one sealed too), for a saved index. */
  saved(): { starts: Column<Float64Array>; end: number; chunks: readonly Chunk[] } {
    if (this.open.length > 0) this.seal();
    return { starts: this.starts, end: this.end, chunks: this.chunks };
  }

  /** Takes over the texts of a saved index, once its starts column (from `saved()`) holds theirs. */
  restore(end: number, chunks: readonly Chunk[]): void {
    if (this.chunks.length > 0 || this.open.length > 0) throw new Error('a text store is restored only when empty');
    for (const chunk of chunks) this.chunks.push(chunk);
    this.end = end;
    this.openFirst = this.starts.length;
    this.openBase = end;
  }

  private *allChunks(): Generator<Chunk> {
    yield* this.chunks;
    if (this.open.length > 0) yield this.openChunk();
  }

  private openChunk(): Chunk {
    // One join, with an empty last text for the final "\n": `join() + '\n'` made a cons string,
    // which the first search over each chunk then flattened, copying it again.
    if (this.openJoined === undefined) {
      this.open.push('');
      this.openJoined = this.open.join('\n');
      this.open.pop();
    }
    return { text: this.openJoined, firstEvent: this.openFirst, base: this.openBase, count: this.starts.length - this.openFirst };
  }

  private chunkOf(event: number): Chunk {
    if (event >= this.openFirst) return this.openChunk();
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.chunks[mid]?.firstEvent ?? 0) <= event) lo = mid;
      else hi = mid - 1;
    }
    const chunk = this.chunks[lo];
    if (!chunk) throw new Error(`no text for event ${event}`);
    return chunk;
  }

  private seal(): void {
    const chunk = this.openChunk();
    this.chunks.push(chunk);
    this.open = [];
    this.openChars = 0;
    this.openFirst = this.starts.length;
    this.openBase = this.end;
    this.openJoined = undefined;
  }
}
