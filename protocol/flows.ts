/**
 * The two ways a client opens a conversation with a server, as exact frames.
 * handshake (2025-11-25 and earlier): initialize -> result -> notifications/initialized.
 * stateless (2026-07-28): no handshake; every request carries the _meta envelope;
 * server/discover tells who the server is.
 */
import { ExactId, type JsonRpcId } from './jsonrpc.js';

export type Flow = 'handshake' | 'stateless';

/** The methods a stateless server may answer with input_required, to be retried with answers. */
export const INPUT_REQUIRED_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);
export type FlowChoice = Flow | 'auto';

export const STATELESS_VERSION = '2026-07-28';
export const HANDSHAKE_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const LATEST_HANDSHAKE_VERSION = '2025-11-25';

export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

export interface ClientInfo {
  name: string;
  version: string;
}

export const DEFAULT_CLIENT_INFO: ClientInfo = { name: 'mcp-lens', version: '0.1.0' };

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface EnvelopeOptions {
  protocolVersion?: string;
  capabilities?: Record<string, unknown>;
  clientInfo?: ClientInfo | null;
  logLevel?: LogLevel;
  progressToken?: JsonRpcId;
}

/**
 * Client capabilities as 2026-07-28 defines them: its roots has no listChanged (the notification
 * is gone), so an auto connect that ends up stateless does not claim one.
 */
export function statelessCapabilities(capabilities: Record<string, unknown>): Record<string, unknown> {
  const roots = capabilities.roots;
  if (typeof roots !== 'object' || roots === null || !('listChanged' in roots)) return capabilities;
  const { listChanged: _gone, ...rest } = roots as Record<string, unknown>;
  return { ...capabilities, roots: rest };
}

/** The per-request _meta of the stateless flow. */
export function metaEnvelope(options: EnvelopeOptions = {}): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    [META_KEYS.protocolVersion]: options.protocolVersion ?? STATELESS_VERSION,
    [META_KEYS.clientCapabilities]: statelessCapabilities(options.capabilities ?? {}),
  };
  if (options.clientInfo !== null) meta[META_KEYS.clientInfo] = options.clientInfo ?? DEFAULT_CLIENT_INFO;
  if (options.logLevel !== undefined) meta[META_KEYS.logLevel] = options.logLevel;
  if (options.progressToken !== undefined) meta.progressToken = options.progressToken;
  return meta;
}

export interface Frame {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export function request(id: JsonRpcId, method: string, params?: Record<string, unknown>): Frame {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

export function notification(method: string, params?: Record<string, unknown>): Frame {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

export interface InitializeOptions {
  protocolVersion?: string;
  capabilities?: Record<string, unknown>;
  clientInfo?: ClientInfo;
}

export function initializeRequest(id: JsonRpcId, options: InitializeOptions = {}): Frame {
  return request(id, 'initialize', {
    protocolVersion: options.protocolVersion ?? LATEST_HANDSHAKE_VERSION,
    capabilities: options.capabilities ?? {},
    clientInfo: options.clientInfo ?? DEFAULT_CLIENT_INFO,
  });
}

export function initializedNotification(): Frame {
  return notification('notifications/initialized');
}

export function discoverRequest(id: JsonRpcId, envelope: EnvelopeOptions = {}): Frame {
  return request(id, 'server/discover', { _meta: metaEnvelope(envelope) });
}

/**
 * A request in the given flow: in the stateless flow the envelope joins `params._meta`
 * (keeping any _meta keys the caller set); in the handshake flow params go as they are.
 */
export function flowRequest(
  flow: Flow,
  id: JsonRpcId,
  method: string,
  params: Record<string, unknown> | undefined,
  envelope: EnvelopeOptions = {},
): Frame {
  if (flow === 'handshake') {
    if (envelope.progressToken === undefined) return request(id, method, params);
    const meta = { ...((params?._meta as Record<string, unknown> | undefined) ?? {}), progressToken: envelope.progressToken };
    return request(id, method, { ...(params ?? {}), _meta: meta });
  }
  const callerMeta = (params?._meta as Record<string, unknown> | undefined) ?? {};
  return request(id, method, { ...(params ?? {}), _meta: { ...metaEnvelope(envelope), ...callerMeta } });
}

/** One line on the wire: compact JSON, exactly what is sent. */
export function encodeFrame(frame: Frame | Record<string, unknown>): string {
  if (!(frame.id instanceof ExactId)) return JSON.stringify(frame);
  // JSON.stringify cannot write a number a double cannot hold: the id's digits go in by hand,
  // each other member as JSON.stringify writes it, in the frame's own order.
  const members = Object.entries(frame).flatMap(([key, value]) => {
    const text = value instanceof ExactId ? value.text : (JSON.stringify(value) as string | undefined);
    return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
  });
  return `{${members.join(',')}}`;
}
