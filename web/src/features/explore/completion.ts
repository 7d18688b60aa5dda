/**
 * Argument completion (`completion/complete`) for prompt arguments and resource template
 * variables: a debounced query per argument, keyed by connection, reference, argument and
 * the values typed so far. Only asked when the server declares the `completions` capability.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorCodeName } from '../../../../protocol/jsonrpc.js';
import { useStore } from '../../session/StoreContext.js';

export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

export interface CompletionState extends Completion {
  /** The server declares `completions` (otherwise nothing is asked). */
  supported: boolean;
  loading: boolean;
  error?: string;
}

/** The spec caps a response at 100 values; more are ignored. */
export const MAX_COMPLETION_VALUES = 100;

export function supportsCompletions(capabilities: unknown): boolean {
  return (
    typeof capabilities === 'object' &&
    capabilities !== null &&
    typeof (capabilities as Record<string, unknown>).completions === 'object' &&
    (capabilities as Record<string, unknown>).completions !== null
  );
}

/**
 * The params of completion/complete. `context.arguments` carries the other arguments already
 * filled in (never the one being completed, never empty ones).
 */
export function completionParams(
  ref: CompletionRef,
  name: string,
  value: string,
  context: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const others: Record<string, string> = {};
  for (const [key, v] of Object.entries(context)) if (key !== name && v !== '') others[key] = v;
  return { ref: { ...ref }, argument: { name, value }, context: { arguments: others } };
}

/** What a result says, defensively: only string values, at most 100. */
export function parseCompletion(result: Record<string, unknown>): Completion {
  const completion = result.completion;
  if (typeof completion !== 'object' || completion === null) return { values: [] };
  const c = completion as Record<string, unknown>;
  const values = Array.isArray(c.values) ? c.values.filter((v): v is string => typeof v === 'string').slice(0, MAX_COMPLETION_VALUES) : [];
  return {
    values: [...new Set(values)],
    ...(typeof c.total === 'number' && Number.isFinite(c.total) ? { total: c.total } : {}),
    ...(typeof c.hasMore === 'boolean' ? { hasMore: c.hasMore } : {}),
  };
}

/** The value as it was `ms` after it last changed. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface CompletionOptions {
  /** False until the user works with the field, so opening a form sends nothing. Default true. */
  enabled?: boolean;
  delayMs?: number;
}

export function useCompletion(
  conn: string,
  ref: CompletionRef,
  name: string,
  value: string,
  context: Readonly<Record<string, string>>,
  options: CompletionOptions = {},
): CompletionState {
  const store = useStore();
  const supported = supportsCompletions(store.model.conns.get(conn)?.connected?.capabilities);
  const refKey = ref.type === 'ref/prompt' ? `prompt:${ref.name}` : `resource:${ref.uri}`;
  // One string for everything that changes as the user types, so a single debounce covers it.
  const typed = JSON.stringify(completionParams(ref, name, value, context));
  const settled = useDebounced(typed, options.delayMs ?? 200);
  const enabled = supported && (options.enabled ?? true);
  const query = useQuery({
    queryKey: ['completion/complete', conn, refKey, name, settled],
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Completion> => {
      const session = store.client(conn);
      if (!session) throw new Error('the connection is not open');
      const outcome = await session.request('completion/complete', JSON.parse(settled) as Record<string, unknown>, { timeoutMs: 10_000 })
        .done;
      if (outcome.kind === 'error') throw new Error(`${outcome.error.code} ${errorCodeName(outcome.error.code)}: ${outcome.error.message}`);
      if (outcome.kind !== 'result') throw new Error(outcome.kind === 'timeout' ? 'timed out' : outcome.kind);
      return parseCompletion(outcome.result);
    },
  });
  const data = enabled ? query.data : undefined;
  return {
    supported,
    values: data?.values ?? [],
    ...(data?.total === undefined ? {} : { total: data.total }),
    ...(data?.hasMore === undefined ? {} : { hasMore: data.hasMore }),
    loading: enabled && (query.isFetching || settled !== typed),
    ...(enabled && query.error ? { error: query.error.message } : {}),
  };
}
