/**
 * Finds the recorded answer to a request, for the mock. A request matches a recorded one with
 * the same method and equal params, both without the engine's envelope and progress token (so
 * a host in either flow, with any ids, finds it). Identical recorded requests answer in recorded
 * order, then the last one repeats. The opening requests (initialize, server/discover) match by
 * method alone: their params describe the host, not what it asks.
 *
 * When nothing matches, the closest recorded request is the one of the same method whose params
 * differ in the fewest leaf values (by the structural diff: a changed value counts one, a
 * missing or added member as many as the leaf values it holds, at least one); ties go to the
 * earliest recorded. Counting leaves makes a retry with other answers closer to the recorded
 * retry than to the first round, which has no answers at all.
 */
import { diffJson, type Difference } from '../replay/diff.js';
import type { Params } from '../replay/params.js';
import { OPENING_METHODS, type RecordedAnswer, type RecordedRequest } from '../replay/recording.js';

export type Answered = RecordedRequest & { answer: RecordedAnswer };

export type MatchResult =
  | { kind: 'answer'; request: Answered }
  | { kind: 'unknown-method'; methods: string[] }
  | { kind: 'no-match'; closest: Answered; differences: Difference[]; distance: number };

export class RecordingMatcher {
  /** Answered requests by method, then by params (canonical JSON), in recorded order. */
  private readonly byMethod = new Map<string, Map<string, Answered[]>>();
  private readonly served = new Map<string, number>();

  constructor(requests: readonly RecordedRequest[]) {
    for (const request of requests) {
      if (request.answer === undefined) continue;
      const answered: Answered = { ...request, answer: request.answer };
      let byParams = this.byMethod.get(request.method);
      if (!byParams) this.byMethod.set(request.method, (byParams = new Map()));
      const key = paramsKey(request.method, request.params);
      const list = byParams.get(key);
      if (list) list.push(answered);
      else byParams.set(key, [answered]);
    }
  }

  /** The recorded methods, in the order first recorded. */
  get methods(): string[] {
    return [...this.byMethod.keys()];
  }

  match(method: string, params: Params): MatchResult {
    const byParams = this.byMethod.get(method);
    if (!byParams) return { kind: 'unknown-method', methods: this.methods };
    const key = paramsKey(method, params);
    const list = byParams.get(key);
    if (list && list.length > 0) {
      const served = this.served.get(`${method}\u0000${key}`) ?? 0;
      this.served.set(`${method}\u0000${key}`, served + 1);
      const request = list[Math.min(served, list.length - 1)];
      if (request) return { kind: 'answer', request };
    }
    let best: { request: Answered; differences: Difference[]; distance: number } | undefined;
    for (const candidates of byParams.values())
      for (const request of candidates) {
        const diff = diffJson(request.params ?? {}, params ?? {}, { limit: Infinity });
        const distance = diff.differences.reduce(
          (sum, d) => sum + (d.kind === 'changed' ? 1 : leaves(d.kind === 'added' ? d.got : d.recorded)),
          0,
        );
        if (!best || distance < best.distance || (distance === best.distance && request.seq < best.request.seq))
          best = { request, differences: diff.differences, distance };
      }
    if (!best) return { kind: 'unknown-method', methods: this.methods };
    return { kind: 'no-match', closest: best.request, differences: best.differences, distance: best.distance };
  }
}

/** The leaf values in a JSON value (an empty object or array counts as one). */
function leaves(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  const children = Object.values(value);
  return children.length === 0 ? 1 : children.reduce((sum: number, child) => sum + leaves(child), 0);
}

/** Params as a key that ignores member order. */
function paramsKey(method: string, params: Params): string {
  return OPENING_METHODS.has(method) ? '' : canonical(params ?? {});
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
