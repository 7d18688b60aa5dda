// A discrete-event schedule: every step of every exchange is queued at the time it happens,
// and the journal takes them in time order. That is what makes a generated session look like
// a real one: a slow call's progress and result land among the calls started after it, and
// requests on different connections interleave.

/** A seeded PRNG (mulberry32): the same seed gives the same journal, so runs compare. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A binary min-heap of steps by time, ties kept in the order they were queued. */
export class Schedule {
  constructor() {
    this.heap = [];
    this.order = 0;
  }

  get size() {
    return this.heap.length;
  }

  peekTime() {
    return this.heap[0]?.t ?? Infinity;
  }

  /** `run()` is called when the step's time comes; it returns the event to journal, or nothing. */
  push(t, owner, run) {
    const item = { t, order: this.order++, owner, gen: owner?.gen, run };
    const heap = this.heap;
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(item, heap[parent])) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = item;
  }

  pop() {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last !== top) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= heap.length) break;
        const r = l + 1;
        const child = r < heap.length && before(heap[r], heap[l]) ? r : l;
        if (!before(heap[child], last)) break;
        heap[i] = heap[child];
        i = child;
      }
      heap[i] = last;
    }
    return top;
  }
}

function before(a, b) {
  return a.t < b.t || (a.t === b.t && a.order < b.order);
}
