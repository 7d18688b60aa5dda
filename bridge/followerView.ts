/**
 * What a follower link shows: the tour and the tour's own connections, nothing else of the
 * session. The presenter's tour notes name the connections playing it (`tour.step`'s `conns`,
 * written before each is launched); every event is judged as it is journaled, and a follower's
 * socket is sent only the events judged visible, read from the journal like any other socket's.
 */
import type { BridgeEvent } from '../protocol/envelope.js';
import { TOUR_TOPICS, tourStepNoteSchema } from '../protocol/tour/journal.js';

const TOUR_NOTE_TOPICS: ReadonlySet<string> = new Set(Object.values(TOUR_TOPICS));

export class FollowerView {
  private readonly conns = new Set<string>();
  /** Seqs of the visible events, ascending (one per event of a tour: a session's few). */
  private readonly seqs: number[] = [];

  /** Judges one journaled event. */
  saw(event: BridgeEvent): void {
    if (event.kind === 'note') {
      if (!TOUR_NOTE_TOPICS.has(event.topic)) return;
      if (event.topic === TOUR_TOPICS.step) this.learnConns(event.data);
      this.seqs.push(event.seq);
      return;
    }
    if (event.conn !== undefined && this.conns.has(event.conn)) this.seqs.push(event.seq);
  }

  /** Judges a line journaled from its bytes (bridge/lineRecord.ts), by its connection. */
  sawLine(seq: number, conn: string): void {
    if (this.conns.has(conn)) this.seqs.push(seq);
  }

  /** The last visible seq: a follower's welcome says it, so that its page knows when it has caught up. */
  get lastSeq(): number {
    return this.seqs.at(-1) ?? -1;
  }

  /** The visible seqs from `from` on, below `end`, at most `max` of them. */
  visibleFrom(from: number, end: number, max: number): number[] {
    let lo = 0;
    let hi = this.seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.seqs[mid] ?? 0) < from) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.seqs.length && out.length < max; i++) {
      const seq = this.seqs[i] ?? end;
      if (seq >= end) break;
      out.push(seq);
    }
    return out;
  }

  private learnConns(data: unknown): void {
    const parsed = tourStepNoteSchema.safeParse(data);
    if (parsed.success) for (const conn of Object.values(parsed.data.conns)) this.conns.add(conn);
  }
}
