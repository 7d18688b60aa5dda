/**
 * Rules about the wire itself: framing, JSON-RPC validity, pairing and error codes. These hold
 * in both flows (error codes are judged against the revision in use).
 */
import type { Flow } from '../flows.js';
import { errorCodeName, idKey, jsonRpcErrorSchema, type JsonRpcError } from '../jsonrpc.js';
import { formatIssues } from './schemas.js';
import { asRecord, describeRequest, formatId, openingFlow, other, type Check, type RequestInfo } from './state.js';

/** The last revision with JSON-RPC batches. */
const BATCH_REVISION = '2025-03-26';

/** Lines that did not classify as a request, notification or response. `overHttp`: they came as HTTP bodies, not stdout lines. */
export function checkFraming(check: Check, overHttp = false): void {
  const { message, report } = check;
  const c = message.classified;
  const who = message.from;
  switch (c.kind) {
    case 'non-json':
      if (who === 'server') {
        report(
          'stdout-non-json',
          overHttp
            ? `The server sent an HTTP body (or SSE event data) that is not JSON (${c.reason}); a successful answer carries only JSON-RPC messages`
            : `The server wrote a stdout line that is not JSON (${c.reason}); stdout must carry only JSON-RPC messages`,
        );
      }
      return;
    case 'batch':
      // 2025-03-26 has batches: only the revisions after it removed them.
      if (check.state.protocolVersion === BATCH_REVISION) return;
      report(
        'jsonrpc-batch',
        `The ${who} sent a JSON array (a batch of ${c.items.length} item${c.items.length === 1 ? '' : 's'}); batches were removed in 2025-06-18, so each message must be its own line`,
      );
      return;
    case 'invalid':
      checkInvalid(check, c.value, c.reason);
      return;
    default:
      return;
  }
}

function checkInvalid(check: Check, value: unknown, reason: string): void {
  const { message, report } = check;
  const who = message.from;
  const object = asRecord(value);
  if (object && object.jsonrpc !== '2.0') {
    const got = 'jsonrpc' in object ? `"jsonrpc": ${formatId(object.jsonrpc)}` : 'no "jsonrpc" member';
    report('jsonrpc-version', `The ${who} sent ${describeValue(object)} with ${got}; every message must carry "jsonrpc": "2.0"`);
    return;
  }
  if (object && typeof object.method === 'string' && object.id === null) {
    report('jsonrpc-null-id', `The ${who} sent the request ${object.method} with "id": null; request ids must be a string or an integer`);
    return;
  }
  if (object && typeof object.method !== 'string' && 'error' in object && !('result' in object)) {
    const parsed = jsonRpcErrorSchema.safeParse(object.error);
    if (!parsed.success) {
      const target = respondsTo(check, object.id);
      report(
        'error-shape',
        `The ${who}'s error response ${target} is malformed (${formatIssues(parsed.error.issues, 'error')}); an error needs an integer code and a string message`,
      );
      return;
    }
  }
  report('jsonrpc-invalid', `The ${who} sent an invalid JSON-RPC message: ${reason}`);
}

/** A response's place in the exchanges: unknown ids, duplicates, late answers, reused ids. */
export function checkPairing(check: Check, request: RequestInfo | undefined): void {
  const { message, report } = check;
  const c = message.classified;
  if (c.kind !== 'result' && c.kind !== 'error') return;
  const who = message.from;
  const pairing = message.pairing;
  switch (pairing.kind) {
    case 'unknown-id':
      if (c.kind === 'error' && c.id === null) {
        report(
          'error-without-id',
          `The ${who} sent an error response without an id (${codeLabel(c.error)}); that is only allowed when the request could not be read`,
        );
      } else {
        report(
          'response-unknown-id',
          `The ${who} sent ${c.kind === 'result' ? 'a result' : 'an error'} for id ${formatId(c.id)}, which matches no request the ${other(who)} sent`,
        );
      }
      return;
    case 'duplicate-response':
      report('response-duplicate', `The ${who} answered ${requestLabel(request, c)} a second time; a request gets exactly one response`);
      return;
    case 'late-response':
      report(
        'response-after-cancel',
        `The ${who} answered ${requestLabel(request, c)} after it was cancelled; the answer is to be ignored`,
      );
      return;
    default:
      return;
  }
}

/**
 * 2025-11-25: an id is never reused by its sender within the session (from initialize on),
 * even after its answer. In-flight clashes are request-id-reused's. Call before the new
 * request is recorded.
 */
export function checkSessionIdReuse(check: Check, previous: RequestInfo | undefined): void {
  const { message, flow, state, report } = check;
  const c = message.classified;
  if (flow !== 'handshake' || c.kind !== 'request' || message.pairing.kind !== 'request') return;
  // An initialize starts a session (again, after a refused one): nothing before it is in it.
  if (c.method === 'initialize') return;
  if (!previous || state.sessionStart === undefined || previous.seq < state.sessionStart) return;
  report(
    'handshake-request-id-reused',
    `The ${message.from} sent ${c.method} with id ${formatId(c.id)}, which it already used in this session for ${previous.method} (#${previous.seq}); 2025-11-25 forbids reusing a request id within a session`,
  );
}

/** Stateless flow: clients write no responses. Returns whether the message was one (nothing else is said about it). */
export function checkClientResponse(check: Check, request: RequestInfo | undefined): boolean {
  const { message, flow, report } = check;
  const c = message.classified;
  if (flow !== 'stateless' || message.from !== 'client' || (c.kind !== 'result' && c.kind !== 'error')) return false;
  const to = request ? ` to the server's ${describeRequest(request)}` : ` (id ${formatId(c.id)})`;
  report(
    'stateless-client-response',
    `The client sent ${c.kind === 'result' ? 'a result' : 'an error'}${to}; in the stateless flow clients must not write responses, and a server request is only to be flagged`,
  );
  return true;
}

/** Stateless flow: a resource that does not exist is -32602 naming it in data.uri. */
export function checkResourceNotFound(check: Check, request: RequestInfo): void {
  const { message, flow, report } = check;
  const c = message.classified;
  if (flow !== 'stateless' || c.kind !== 'error' || c.error.code !== -32602 || request.method !== 'resources/read') return;
  // A request that was malformed itself gets -32602 for that, with no resource to name.
  if (request.uri === undefined || request.envelope !== true) return;
  const uri = asRecord(c.error.data)?.uri;
  if (uri === request.uri) return;
  const got = uri === undefined ? 'has no data.uri' : `names data.uri ${formatId(uri)}, not ${formatId(request.uri)}`;
  report(
    'resource-not-found',
    `The server's -32602 error for ${describeRequest(request)} ${got}; a resource that does not exist is reported as -32602 with data.uri naming it`,
  );
}

/** Call before the new request is recorded, so the earlier one can be named. */
export function checkRequestId(check: Check, previous: RequestInfo | undefined): void {
  const { message, report } = check;
  const c = message.classified;
  if (message.pairing.kind !== 'duplicate-request-id' || c.kind !== 'request') return;
  const earlier = previous ? ` (${previous.method})` : '';
  report(
    'request-id-reused',
    `The ${message.from} sent ${c.method} with id ${formatId(c.id)} while its earlier request with that id${earlier} was still in flight; ids must be unique among a sender's open requests`,
  );
}

const STANDARD_CODES: ReadonlySet<number> = new Set([-32700, -32600, -32601, -32602, -32603]);
const HANDSHAKE_CODES: ReadonlySet<number> = new Set([-32002, -32042]);
const STATELESS_CODES: ReadonlySet<number> = new Set([-32020, -32021, -32022]);
const RETIRED_CODES: ReadonlySet<number> = new Set([-32002, -32042]);

/**
 * Error codes judged against the revision in use (both revisions' codes when it is not known
 * yet). The two openings (openingFlow) are where the eras meet: a modern-only server answers
 * initialize with -32022 (2026-07-28 says so), and a legacy server answers server/discover with
 * its own codes, so their errors are judged against both revisions.
 */
export function checkErrorCode(check: Check, request: RequestInfo | undefined): void {
  const { message, report } = check;
  const c = message.classified;
  if (c.kind !== 'error') return;
  const flow = request && openingFlow(request.method, request) !== undefined ? undefined : check.flow;
  const code = c.error.code;
  const where = c.id === null ? 'an error response without an id' : `its error response to ${requestLabel(request, c)}`;
  if (flow === 'stateless' && RETIRED_CODES.has(code)) {
    report(
      'stateless-retired-error-code',
      `The ${message.from} used the retired code ${code} (${errorCodeName(code)}) in ${where}; 2026-07-28 must not emit it${code === -32002 ? ' (a missing resource is -32602)' : ''}`,
    );
    return;
  }
  if (isReservedUndefined(code, flow)) {
    report(
      'error-code-reserved',
      `The ${message.from} used code ${code} in ${where}; it is in the reserved range -32768..-32000 but not defined by ${revisionName(flow)}`,
    );
  }
}

function isReservedUndefined(code: number, flow: Flow | undefined): boolean {
  if (code < -32768 || code > -32000) return false;
  // -32000..-32019: implementation-defined (legacy allocations, the pre-final draft codes).
  if (code >= -32019) return false;
  if (STANDARD_CODES.has(code)) return false;
  if (flow !== 'stateless' && HANDSHAKE_CODES.has(code)) return false;
  if (flow !== 'handshake' && STATELESS_CODES.has(code)) return false;
  return true;
}

function revisionName(flow: Flow | undefined): string {
  if (flow === 'handshake') return '2025-11-25';
  if (flow === 'stateless') return '2026-07-28';
  return 'either 2025-11-25 or 2026-07-28';
}

function codeLabel(error: JsonRpcError): string {
  return `code ${error.code} ${errorCodeName(error.code)}`;
}

/** `tools/list (id 2)`, or `id 2` when the request is not known. */
function requestLabel(request: RequestInfo | undefined, c: { id?: unknown }): string {
  return request ? describeRequest(request) : `id ${formatId(c.id)}`;
}

/** For an unreadable response: "to tools/list (id 2)" when a request with that id is known. */
function respondsTo(check: Check, id: unknown): string {
  if (typeof id !== 'string' && typeof id !== 'number') return `with id ${formatId(id)}`;
  const key = check.state.byId.get(idKey(other(check.message.from), id));
  const request = key === undefined ? undefined : check.state.requests.get(key);
  return request ? `to ${describeRequest(request)}` : `to id ${formatId(id)}`;
}

function describeValue(object: Record<string, unknown>): string {
  if (typeof object.method === 'string') {
    return 'id' in object ? `the request ${object.method} (id ${formatId(object.id)})` : `the notification ${object.method}`;
  }
  if ('result' in object || 'error' in object) return `a response (id ${formatId(object.id)})`;
  return 'a message';
}
