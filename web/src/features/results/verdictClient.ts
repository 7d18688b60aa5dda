/**
 * The page's side of verdictWorker.ts: one check at a time is asked for, each within a time bound;
 * a check past it costs its worker (stopped, a new one starts for the next) and says so. Verdicts
 * are kept per value and schema object, so a re-render never checks again.
 */
import { useEffect, useState } from 'react';
import { judge, type Verdict } from './verdict.js';

/** Longer than any honest check of a frame-sized value takes; short enough that nobody waits. */
export const VERDICT_BOUND_MS = 5_000;

interface Waiting {
  resolve: (verdict: Verdict) => void;
  timer: ReturnType<typeof setTimeout>;
}

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, Waiting>();
const kept = new WeakMap<object, WeakMap<object, Verdict>>();

function startWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    const started = new Worker(new URL('./verdictWorker.ts', import.meta.url), { type: 'module', name: 'verdict' });
    started.onmessage = (event: MessageEvent<{ id: number; verdict: Verdict }>) => {
      const entry = waiting.get(event.data.id);
      if (!entry) return;
      waiting.delete(event.data.id);
      clearTimeout(entry.timer);
      entry.resolve(event.data.verdict);
    };
    return started;
  } catch {
    return undefined;
  }
}

function stopWorker(reason: string): void {
  worker?.terminate();
  worker = undefined;
  for (const entry of waiting.values()) {
    clearTimeout(entry.timer);
    entry.resolve({ kind: 'stopped', reason });
  }
  waiting.clear();
}

/** The verdict known without asking: no schema, or one judged before for these very objects. */
function knownVerdict(value: unknown, schema: unknown): Verdict | undefined {
  if (typeof schema !== 'object' || schema === null) return { kind: 'no-schema' };
  return typeof value === 'object' && value !== null ? kept.get(schema)?.get(value) : undefined;
}

/** The verdict on `value` against `schema`, judged in the worker (on this thread where none can start). */
export function verdictOf(value: unknown, schema: unknown): Promise<Verdict> {
  const known = knownVerdict(value, schema);
  if (known || typeof schema !== 'object' || schema === null) return Promise.resolve(known ?? { kind: 'no-schema' });
  worker ??= startWorker();
  const remember = (verdict: Verdict): Verdict => {
    if (typeof value === 'object' && value !== null && verdict.kind !== 'stopped') {
      let bySchema = kept.get(schema);
      if (!bySchema) kept.set(schema, (bySchema = new WeakMap()));
      bySchema.set(value, verdict);
    }
    return verdict;
  };
  const current = worker;
  if (!current) return Promise.resolve(remember(judge(value, schema)));
  return new Promise<Verdict>((resolve) => {
    const id = nextId++;
    const timer = setTimeout(
      () =>
        stopWorker(
          `the check ran past ${VERDICT_BOUND_MS / 1000} s and was stopped (a pattern in the schema that backtracks without end?)`,
        ),
      VERDICT_BOUND_MS,
    );
    waiting.set(id, { resolve: (verdict) => resolve(remember(verdict)), timer });
    try {
      current.postMessage({ id, value, schema });
    } catch (error) {
      waiting.delete(id);
      clearTimeout(timer);
      resolve({
        kind: 'stopped',
        reason: `it could not be sent to the checker: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
}

/** The verdict for a view: pending until the worker answers. */
export function useVerdict(value: unknown, schema: unknown): Verdict {
  const [state, setState] = useState<{ value: unknown; schema: unknown; verdict: Verdict }>({
    value,
    schema,
    verdict: { kind: 'pending' },
  });
  const known = knownVerdict(value, schema);
  useEffect(() => {
    if (known) return;
    let live = true;
    void verdictOf(value, schema).then((verdict) => {
      if (live) setState({ value, schema, verdict });
    });
    return () => {
      live = false;
    };
  }, [value, schema, known]);
  if (known) return known;
  return state.value === value && state.schema === schema ? state.verdict : { kind: 'pending' };
}
