/**
 * The HTTP request for each thing a client says over Streamable HTTP, per flow. Pure: the engine
 * calls these and the bridge performs what they return (it adds only the connection's own
 * headers). The rules:
 * - every message is a POST with `Accept: application/json, text/event-stream` and
 *   `Content-Type: application/json` (both revisions);
 * - handshake flow (2025-11-25): `Mcp-Session-Id` once the server gave one, and
 *   `MCP-Protocol-Version` once initialize settled it (never on initialize itself); a GET with
 *   `Accept: text/event-stream` opens the stream of server messages, and resumes one with
 *   `Last-Event-ID`; a DELETE ends the session;
 * - stateless flow (2026-07-28): `MCP-Protocol-Version` equal to the body's
 *   `io.modelcontextprotocol/protocolVersion`, `Mcp-Method`, `Mcp-Name` for tools/call,
 *   prompts/get, resources/read (and the tasks extension's methods), `Mcp-Param-{Name}` for the
 *   tool arguments its schema marks with `x-mcp-header`; values encoded as headers.ts says.
 */
import type { HttpMethod } from '../envelope.js';
import { META_KEYS, type Flow } from '../flows.js';
import { encodeHeaderValue, mcpNameOf, paramHeaderValues, type ParamHeader } from './headers.js';

export const ACCEPT_BOTH = 'application/json, text/event-stream';
export const EVENT_STREAM = 'text/event-stream';
export const JSON_TYPE = 'application/json';

/** What the engine asks the bridge to perform: `req` names the exchange in every event it gives. */
export interface HttpRequestSpec {
  req: string;
  method: HttpMethod;
  headers: Record<string, string>;
  text?: string;
  /** Where it goes when not the connection's URL: the 2024-11-05 transport's endpoint (same origin only). */
  url?: string;
}

export interface PostContext {
  /** The flow the connection settled on, once it has. */
  flow?: Flow;
  /** Handshake: the session the server gave in answer to initialize. */
  sessionId?: string;
  /** The protocol version the connection settled on (handshake: from initialize's result). */
  protocolVersion?: string;
  /** tools/call: the tool's `x-mcp-header` annotations, when its schema is known. */
  paramHeaders?: readonly ParamHeader[];
}

/** What a POST body says of itself, read without trusting it to be anything. */
export interface BodyInfo {
  method?: string;
  /** Present for a request (id and method). */
  id?: string | number;
  /** The body's `_meta` protocol version: the stateless flow's envelope. */
  envelopeVersion?: string;
  params?: unknown;
  /** A response (result or error) the client writes, to a server's request. */
  response: boolean;
}

export function bodyInfo(text: string): BodyInfo {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { response: false };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { response: false };
  const message = value as Record<string, unknown>;
  const params = message.params;
  const meta = isRecord(params) && isRecord(params._meta) ? params._meta : undefined;
  const version = meta?.[META_KEYS.protocolVersion];
  const id = message.id;
  return {
    ...(typeof message.method === 'string' ? { method: message.method } : {}),
    ...((typeof id === 'string' || typeof id === 'number') && typeof message.method === 'string' ? { id } : {}),
    ...(typeof version === 'string' ? { envelopeVersion: version } : {}),
    ...(params === undefined ? {} : { params }),
    response: typeof message.method !== 'string' && ('result' in message || 'error' in message),
  };
}

/** The POST carrying one message (`text` exactly as the engine or the user wrote it). */
export function postRequest(req: string, text: string, context: PostContext = {}): HttpRequestSpec {
  const info = bodyInfo(text);
  const headers: Record<string, string> = { Accept: ACCEPT_BOTH, 'Content-Type': JSON_TYPE };
  const stateless = info.envelopeVersion !== undefined || (context.flow === 'stateless' && info.method !== 'initialize' && !info.response);
  if (stateless) {
    const version = info.envelopeVersion ?? context.protocolVersion;
    if (version !== undefined) headers['MCP-Protocol-Version'] = encodeHeaderValue(version);
    if (info.method !== undefined) headers['Mcp-Method'] = encodeHeaderValue(info.method);
    if (info.id !== undefined && info.method !== undefined) {
      const name = mcpNameOf(info.method, info.params);
      if (name !== undefined) headers['Mcp-Name'] = encodeHeaderValue(name);
      if (info.method === 'tools/call' && context.paramHeaders && isRecord(info.params))
        Object.assign(headers, paramHeaderValues(context.paramHeaders, info.params.arguments));
    }
  } else {
    if (context.sessionId !== undefined) headers['Mcp-Session-Id'] = context.sessionId;
    if (context.protocolVersion !== undefined && info.method !== 'initialize') headers['MCP-Protocol-Version'] = context.protocolVersion;
  }
  return { req, method: 'POST', headers, text };
}

/** Handshake: the GET that opens (or, with `lastEventId`, resumes) a stream of server messages. */
export function streamRequest(
  req: string,
  context: { sessionId?: string; protocolVersion?: string; lastEventId?: string },
): HttpRequestSpec {
  return {
    req,
    method: 'GET',
    headers: {
      Accept: EVENT_STREAM,
      ...(context.sessionId === undefined ? {} : { 'Mcp-Session-Id': context.sessionId }),
      ...(context.protocolVersion === undefined ? {} : { 'MCP-Protocol-Version': context.protocolVersion }),
      ...(context.lastEventId === undefined ? {} : { 'Last-Event-ID': context.lastEventId }),
    },
  };
}

/** Handshake: the DELETE that ends a session the server gave. */
export function deleteRequest(req: string, context: { sessionId: string; protocolVersion?: string }): HttpRequestSpec {
  return {
    req,
    method: 'DELETE',
    headers: {
      'Mcp-Session-Id': context.sessionId,
      ...(context.protocolVersion === undefined ? {} : { 'MCP-Protocol-Version': context.protocolVersion }),
    },
  };
}

/** A header's value by name, whatever its case (HTTP names are case-insensitive). */
export function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
