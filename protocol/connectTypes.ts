/** What the opening of a conversation takes and gives (protocol/connect.ts), and its inner phases. */
import type { ClientInfo, Flow, Frame } from './flows.js';
import type { JsonRpcId } from './jsonrpc.js';

export interface Connected {
  flow: Flow;
  protocolVersion: string;
  serverInfo?: unknown;
  capabilities?: unknown;
  instructions?: string;
  supportedVersions?: string[];
}

/** A response the client writes (to a server's ping while connecting). */
export type ReplyFrame = { jsonrpc: '2.0'; id: JsonRpcId; result: Record<string, unknown> };

export type ConnectAction =
  | { type: 'send'; frame: Frame | ReplyFrame }
  /** Arm the one connect timer, replacing any armed before; connected, failed and restart disarm it. */
  | { type: 'wait'; ms: number }
  /** Stop the server if it still runs, start it again, then call onRestarted. */
  | { type: 'restart'; reason: string }
  | { type: 'step'; text: string }
  | { type: 'connected'; outcome: Connected }
  | { type: 'failed'; reason: string };

export interface ConnectOptions {
  nextId: () => JsonRpcId;
  /** A version the user chose; when set it is never silently replaced. */
  protocolVersion?: string;
  /** Stateless flow only: skip server/discover and go straight to requests. */
  discover?: boolean;
  capabilities?: Record<string, unknown>;
  clientInfo?: ClientInfo;
  /** How long auto waits for server/discover before sending initialize as well. */
  probeTimeoutMs?: number;
  /** How long any other opening request may take. */
  timeoutMs?: number;
  /**
   * 'http': messages come as HTTP bodies and SSE events, where an error page or an older server's
   * endpoint event is the transport's own, not a process's stdout: not judged as a sign of a
   * program that is no MCP server. Stdio by default.
   */
  transport?: 'stdio' | 'http';
}

export interface Pending {
  id: JsonRpcId;
  version: string;
}

export type Phase =
  | { name: 'idle' }
  /** probing: auto, and a handshake fallback is still possible. */
  /** `retried`: this discover is the one retry a -32022 earns (see onDiscoverAnswer). */
  | ({ name: 'discover'; probing: boolean; retried?: boolean } & Pending)
  | ({ name: 'initialize' } & Pending)
  /**
   * Auto after the probe timer: both requests are out. `stateless` holds what server/discover
   * said while the initialize answer is still awaited; `refused` the -32022 initialize got
   * while server/discover is still awaited.
   */
  | { name: 'race'; discover: Pending; init: Pending; stateless?: Connected; refused?: string }
  | { name: 'restarting'; next: 'initialize' | 'server/discover'; version: string }
  | { name: 'done' };

/** What a server's list of versions means for the opening. */
export type Verdict =
  | { kind: 'stateless'; version: string; note?: string }
  | { kind: 'handshake'; version: string; why: string }
  | { kind: 'fail'; reason: string };
