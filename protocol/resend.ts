/**
 * "Edit and resend": a request read back from the wire, turned into the draft a user edits
 * (method and params), and the edited text checked before it goes out again on the same
 * connection. The session gives it a new id and, in the stateless flow, a fresh _meta envelope:
 * the recorded envelope's keys (protocol version, capabilities, identity, log level) and its
 * progress token, which belonged to the old request, are taken out of the draft.
 */
import { META_KEYS } from './flows.js';

export interface ResendDraft {
  method: string;
  params?: Record<string, unknown>;
}

/** The envelope the connection rebuilds for every request it sends; never carried over. */
const REBUILT_META = new Set<string>([
  META_KEYS.protocolVersion,
  META_KEYS.clientCapabilities,
  META_KEYS.clientInfo,
  META_KEYS.logLevel,
  'progressToken',
]);

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The draft of a recorded request line (parsed JSON), or undefined when it is not a request. */
export function draftFromRequest(message: unknown): ResendDraft | undefined {
  const m = record(message);
  if (!m || typeof m.method !== 'string' || !('id' in m)) return undefined;
  const params = record(m.params);
  if (!params) return { method: m.method };
  const { _meta: meta, ...rest } = params;
  const kept = Object.entries(record(meta) ?? {}).filter(([key]) => !REBUILT_META.has(key));
  return { method: m.method, params: kept.length > 0 ? { ...rest, _meta: Object.fromEntries(kept) } : rest };
}

/** The edited draft, or why it cannot be sent. */
export function parseDraft(text: string): { ok: true; draft: ResendDraft } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message}` };
  }
  const m = record(value);
  if (!m) return { ok: false, reason: 'the draft is a JSON object with "method" and "params"' };
  if (typeof m.method !== 'string' || m.method === '') return { ok: false, reason: '"method" is a non-empty string' };
  if (m.params === undefined) return { ok: true, draft: { method: m.method } };
  const params = record(m.params);
  if (!params) return { ok: false, reason: '"params" is a JSON object' };
  return { ok: true, draft: { method: m.method, params } };
}
