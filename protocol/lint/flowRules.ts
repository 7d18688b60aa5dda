/**
 * Rules that depend on the flow in use: the handshake ordering of 2025-11-25, and the
 * envelope, message directions, resultType and cache fields of 2026-07-28.
 */
import { META_KEYS } from '../flows.js';
import { TASKS_EXTENSION } from '../tasks.js';
import { CACHEABLE_METHODS } from './schemas.js';
import { asRecord, describeRequest, formatId, openingFlow, type Check, type RequestInfo } from './state.js';

/** Server-sent messages allowed before notifications/initialized (2025-11-25 lifecycle). */
const ALLOWED_BEFORE_INITIALIZED: ReadonlySet<string> = new Set(['ping', 'notifications/message']);

/** Requests and notifications from the server. */
export function checkServerMessage(check: Check): void {
  const { message, flow, state, report } = check;
  const c = message.classified;
  if (message.from !== 'server' || (c.kind !== 'request' && c.kind !== 'notification')) return;
  const label = c.kind === 'request' ? `the request ${c.method} (id ${formatId(c.id)})` : `the notification ${c.method}`;
  if (flow === 'stateless' && c.kind === 'request') {
    report(
      'stateless-server-request',
      `The server sent ${label}; in the stateless flow servers must not send requests (input is asked for with an input_required result)`,
    );
    return;
  }
  if (flow === 'handshake' && !state.initialized && !ALLOWED_BEFORE_INITIALIZED.has(c.method)) {
    report(
      'server-before-initialized',
      `The server sent ${label} before the client sent notifications/initialized; until then only ping and logging are expected`,
    );
  }
}

/** Client requests in the stateless flow carry the _meta envelope. */
export function checkEnvelope(check: Check): void {
  const { message, flow, report } = check;
  const c = message.classified;
  if (flow !== 'stateless' || message.from !== 'client' || c.kind !== 'request') return;
  const meta = asRecord(asRecord(c.params)?._meta);
  const missing: string[] = [];
  if (typeof meta?.[META_KEYS.protocolVersion] !== 'string') missing.push(META_KEYS.protocolVersion);
  if (asRecord(meta?.[META_KEYS.clientCapabilities]) === undefined) missing.push(META_KEYS.clientCapabilities);
  if (missing.length === 0) return;
  const what = meta === undefined ? 'without params._meta' : `without a valid ${missing.join(' and ')} in params._meta`;
  report(
    'stateless-missing-envelope',
    `The client sent ${describeRequest({ method: c.method, id: c.id })} ${what}; every request in 2026-07-28 must carry the protocolVersion and clientCapabilities envelope`,
  );
}

/**
 * resultType and cache fields of a result that answers a client request. The two openings are
 * judged by their own revision whatever the session became: auto sends initialize when the
 * probe times out, the discover answer may still come (and then wins), and a dual-era server
 * answers the initialize too.
 */
export function checkResultEnvelope(check: Check, request: RequestInfo): void {
  const { message, report } = check;
  const flow = openingFlow(request.method, request) ?? check.flow;
  const c = message.classified;
  if (c.kind !== 'result') return;
  const result = asRecord(c.result) ?? {};
  const where = describeRequest(request);
  if (flow === 'handshake') {
    if ('resultType' in result) {
      report(
        'handshake-result-type',
        `The ${message.from}'s result for ${where} carries resultType ${formatId(result.resultType)}, which 2025-11-25 does not define`,
      );
    }
    return;
  }
  if (flow !== 'stateless' || message.from !== 'server') return;
  const resultType = result.resultType;
  if (resultType === undefined) {
    report(
      'stateless-result-type-missing',
      `The server's result for ${where} has no resultType; every result in 2026-07-28 must say "complete" or "input_required"`,
    );
  } else if (resultType !== 'complete' && resultType !== 'input_required' && resultType !== 'task') {
    // "task" the request did not declare is task-not-requested's (taskRules.ts).
    report(
      'stateless-result-type-unknown',
      `The server's result for ${where} has resultType ${formatId(resultType)}, which the client does not know`,
    );
  }
  if ((resultType === undefined || resultType === 'complete') && CACHEABLE_METHODS.has(request.method)) {
    const problems: string[] = [];
    const ttl = result.ttlMs;
    if (!(typeof ttl === 'number' && Number.isInteger(ttl) && ttl >= 0)) {
      problems.push(ttl === undefined ? 'no ttlMs' : `ttlMs ${formatId(ttl)} (not an integer >= 0)`);
    }
    const scope = result.cacheScope;
    if (scope !== 'public' && scope !== 'private') {
      problems.push(scope === undefined ? 'no cacheScope' : `cacheScope ${formatId(scope)} (not "public" or "private")`);
    }
    if (problems.length > 0) {
      report(
        'stateless-cache-fields',
        `The server's complete result for ${where} has ${problems.join(' and ')}; cacheable results need ttlMs and cacheScope`,
      );
    }
  }
}

/** Whether a request's clientCapabilities declare the tasks extension. */
export function declaresTasks(params: unknown): boolean {
  const meta = asRecord(asRecord(params)?._meta);
  const capabilities = asRecord(meta?.[META_KEYS.clientCapabilities]);
  const extensions = asRecord(capabilities?.extensions);
  return extensions !== undefined && TASKS_EXTENSION in extensions;
}
