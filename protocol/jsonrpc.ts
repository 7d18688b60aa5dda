/**
 * JSON-RPC line classification. Every stdout/stdin line becomes one of these, including the
 * lines a correct peer would never send: they are data to show, never exceptions.
 */
import { z } from 'zod';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './jsonDepth.js';
import { memberText } from './jsonSpan.js';

/**
 * An integer id too large for a double (a server on 64-bit integers may count past 2^53):
 * JSON.parse rounds it, so two different requests would share an id and the answer would name
 * neither. It is kept as the digits the peer wrote, compared by them (idKey) and written back
 * verbatim (encodeFrame).
 */
export class ExactId {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }

  /** Nested where encodeFrame does not look, the digits still survive, as a string. */
  toJSON(): string {
    return this.text;
  }
}

export type JsonRpcId = string | number | ExactId;

export type Classified =
  | { kind: 'request'; id: JsonRpcId; method: string; params: unknown; message: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: unknown; message: Record<string, unknown> }
  | { kind: 'result'; id: JsonRpcId; result: unknown; message: Record<string, unknown> }
  | { kind: 'error'; id: JsonRpcId | null; error: JsonRpcError; message: Record<string, unknown> }
  | { kind: 'batch'; items: unknown[] }
  /**
   * `responseTo`: an invalid response that still names the request it answers (both result and
   * error, a malformed error), so that request ends as answered-invalidly instead of waiting.
   */
  | { kind: 'invalid'; reason: string; value: unknown; responseTo?: JsonRpcId }
  | { kind: 'non-json'; reason: string };

export const jsonRpcErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type JsonRpcError = z.infer<typeof jsonRpcErrorSchema>;

/**
 * A JSON-RPC id as MCP allows it: a string or an integer. A plain test rather than a schema:
 * every message of a million-event timeline goes through it, and a zod union cost more there
 * than parsing the message.
 */
function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || Number.isSafeInteger(value) || value instanceof ExactId;
}

const INTEGER_TEXT = /^-?(?:0|[1-9]\d*)$/;

/** An id's JSON text as one: a string, a safe integer, or an integer kept exact; else undefined. */
export function idFromText(text: string): JsonRpcId | undefined {
  if (INTEGER_TEXT.test(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : new ExactId(text);
  }
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** An id as JSON text, for quoting: a string quoted, a number (exact or not) as its digits. */
export function idText(id: JsonRpcId): string {
  return id instanceof ExactId ? id.text : JSON.stringify(id);
}

/** Same id: `===` cannot see that two exact ids hold the same digits. */
export function sameId(a: JsonRpcId, b: JsonRpcId): boolean {
  return idKey('client', a) === idKey('client', b);
}

/** The id a line too deep to read names, when it names one first, as serializers write it. */
const LEADING_ID = /^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*,\s*"(?:result|error)"/;

export function classifyText(text: string): Classified {
  // Refused unread: what nests this deep breaks whatever writes it out or draws it again.
  if (nestsDeeperThan(text)) {
    const id = LEADING_ID.exec(text)?.[1];
    return {
      kind: 'invalid',
      reason: `the message nests deeper than ${MAX_JSON_DEPTH} levels, and is not read`,
      value: undefined,
      ...(id === undefined ? {} : { responseTo: idFromText(id) ?? id }),
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'non-json', reason: (error as Error).message };
  }
  return classifyValue(value, exactId(value, text));
}

/**
 * The id's own text when JSON.parse could not hold it (a number past 2^53, or one that is no
 * integer at all): only then is the line scanned again, so common lines cost nothing more.
 */
function exactId(value: unknown, text: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const id = (value as Record<string, unknown>).id;
  if (typeof id !== 'number' || Number.isSafeInteger(id)) return undefined;
  return memberText(text, 'id');
}

/**
 * `rawId`: the id member's text as the peer wrote it, when its parsed number is not exact; an
 * integer is then kept as an ExactId, and anything else is quoted as written.
 */
export function classifyValue(value: unknown, rawId?: string): Classified {
  if (Array.isArray(value)) return { kind: 'batch', items: value };
  if (typeof value !== 'object' || value === null) {
    return { kind: 'invalid', reason: 'a JSON-RPC message must be an object', value };
  }
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') {
    return { kind: 'invalid', reason: 'missing "jsonrpc": "2.0"', value };
  }
  const hasId = 'id' in message;
  const exact = rawId === undefined ? undefined : idFromText(rawId);
  const shown = (id: unknown): string => (rawId === undefined ? JSON.stringify(id) : rawId.length > 40 ? `${rawId.slice(0, 40)}…` : rawId);
  if (typeof message.method === 'string') {
    if (!hasId) return { kind: 'notification', method: message.method, params: message.params, message };
    const id = exact ?? message.id;
    if (!isId(id)) return { kind: 'invalid', reason: `request id must be a string or an integer, got ${shown(id)}`, value };
    return { kind: 'request', id, method: message.method, params: message.params, message };
  }
  if ('result' in message && 'error' in message) {
    return invalidResponse('a response cannot carry both result and error', message, exact);
  }
  if ('result' in message) {
    const id = exact ?? message.id;
    if (!isId(id)) return { kind: 'invalid', reason: `response id must be a string or an integer, got ${shown(id)}`, value };
    return { kind: 'result', id, result: message.result, message };
  }
  if ('error' in message) {
    const error = jsonRpcErrorSchema.safeParse(message.error);
    if (!error.success) return invalidResponse('error must have an integer code and a message', message, exact);
    // An error may have a null id when the request could not be read at all.
    if (message.id === null || !hasId) return { kind: 'error', id: null, error: error.data, message };
    const id = exact ?? message.id;
    if (!isId(id)) return { kind: 'invalid', reason: `response id must be a string or an integer, got ${shown(id)}`, value };
    return { kind: 'error', id, error: error.data, message };
  }
  return { kind: 'invalid', reason: 'neither a request, a notification nor a response', value };
}

function invalidResponse(reason: string, message: Record<string, unknown>, exact: JsonRpcId | undefined): Classified {
  const id = exact ?? message.id;
  return { kind: 'invalid', reason, value: message, ...(isId(id) ? { responseTo: id } : {}) };
}

/**
 * The two id spaces are kept apart: a key is direction plus id, and 1 is not "1". An exact id
 * is a number keyed by its digits, so two that differ only past 2^53 stay two requests.
 */
export function idKey(direction: 'client' | 'server', id: JsonRpcId): string {
  return `${direction}:${typeof id === 'string' ? 'string' : 'number'}:${String(id)}`;
}

/** Standard and MCP error codes, named for display. */
export function errorCodeName(code: number): string {
  switch (code) {
    case -32700:
      return 'Parse error';
    case -32600:
      return 'Invalid request';
    case -32601:
      return 'Method not found';
    case -32602:
      return 'Invalid params';
    case -32603:
      return 'Internal error';
    case -32002:
      return 'Resource not found (2025-11-25)';
    case -32042:
      return 'URL elicitation required (2025-11-25)';
    case -32020:
      return 'Header mismatch';
    case -32021:
      return 'Missing required client capability';
    case -32022:
      return 'Unsupported protocol version';
    case -32001:
    case -32003:
    case -32004:
      return 'Implementation-defined (pre-final draft code)';
    default:
      if (code >= -32099 && code <= -32020) return 'Reserved for the MCP specification';
      if (code >= -32019 && code <= -32000) return 'Implementation-defined server error';
      if (code >= -32768 && code <= -32000) return 'Reserved JSON-RPC code';
      return 'Application error';
  }
}

/**
 * One sentence on what an error means for the user, beyond its code name: which capability a
 * -32021 wants, which versions a -32022 offers.
 */
export function explainError(error: JsonRpcError): string {
  const data = typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  switch (error.code) {
    case -32021: {
      const required = data.requiredCapabilities;
      const names = typeof required === 'object' && required !== null ? capabilityPaths(required as Record<string, unknown>) : [];
      return names.length > 0
        ? `the server needs the client capability ${names.join(', ')}: declare it and send the request again`
        : 'the server needs a client capability this request did not declare';
    }
    case -32022: {
      const supported = Array.isArray(data.supported) ? data.supported.filter((v) => typeof v === 'string') : [];
      return supported.length > 0
        ? `the server does not support this protocol version; it supports ${supported.join(', ')}`
        : 'the server does not support this protocol version and named none it does';
    }
    case -32601:
      return 'the server has no such method, or it sits behind a capability the server did not advertise';
    case -32602:
      return 'the server found the parameters wrong (an unknown tool, prompt or resource, bad arguments, or a missing _meta envelope)';
    default:
      return errorCodeName(error.code);
  }
}

function capabilityPaths(value: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const nested =
      typeof child === 'object' && child !== null && !Array.isArray(child) ? capabilityPaths(child as Record<string, unknown>, path) : [];
    out.push(...(nested.length > 0 ? nested : [path]));
  }
  return out;
}
