/**
 * A request's params as the host meant them, without what the client engine adds on its own:
 * the stateless flow's `_meta` envelope (`io.modelcontextprotocol/…` keys), the progress token,
 * and (for the call as a whole, not a round) the input round's `inputResponses` and
 * `requestState`. Replay re-sends these params through the engine, which adds its own again;
 * the mock matches on them, so a host in either flow finds the same recording.
 */

const ENVELOPE_PREFIX = 'io.modelcontextprotocol/';

export type Params = Record<string, unknown> | undefined;

/** Params without the engine's _meta keys; `_meta` goes when nothing else was in it. */
export function withoutEnvelope(params: unknown): Params {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  const { _meta, ...rest } = params as Record<string, unknown>;
  if (typeof _meta !== 'object' || _meta === null || Array.isArray(_meta)) return _meta === undefined ? rest : { ...rest, _meta };
  const kept = Object.fromEntries(Object.entries(_meta).filter(([key]) => key !== 'progressToken' && !key.startsWith(ENVELOPE_PREFIX)));
  return Object.keys(kept).length === 0 ? rest : { ...rest, _meta: kept };
}

/** The call behind an input round: the params without the round's answers and state. */
export function withoutRound(params: Params): Params {
  if (params === undefined) return undefined;
  const { inputResponses: _r, requestState: _s, ...rest } = params;
  return rest;
}

/** Whether a request is a retry of an input_required round (stateless flow). */
export function isRoundRetry(params: Params): boolean {
  return params !== undefined && ('inputResponses' in params || 'requestState' in params);
}

/** What a request is about, in a few words: `tools/call echo`, `resources/read file:///x`. */
export function describeRequest(method: string, params: Params): string {
  const name = params?.name;
  if (typeof name === 'string' && (method === 'tools/call' || method === 'prompts/get')) return `${method} ${name}`;
  const uri = params?.uri;
  if (typeof uri === 'string') return `${method} ${uri}`;
  return method;
}

/** The client capabilities a recorded opening request declared, in either flow. */
export function declaredCapabilities(method: string, params: unknown): Record<string, unknown> | undefined {
  const record = asRecord(params);
  const capabilities = method === 'initialize' ? record.capabilities : asRecord(record._meta)[`${ENVELOPE_PREFIX}clientCapabilities`];
  const value = asRecord(capabilities);
  return capabilities === undefined ? undefined : value;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
