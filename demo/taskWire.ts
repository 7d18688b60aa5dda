// What the two task layers (tasksHandshake.ts, tasksStateless.ts) share: the contract the
// transport (taskTransport.ts) drives them through, and the few JSON-RPC helpers they answer with.

import type { JSONRPCMessage, RequestId, TransportSendOptions } from '@modelcontextprotocol/server';

export const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

/** One flow's task layer, between the client and the SDK. */
export interface TaskLayer {
  /**
   * A message from the client: undefined when the layer answered it itself (it is about tasks),
   * otherwise the message for the SDK, as it came or with what only the layer reads taken out.
   */
  take(message: JSONRPCMessage): JSONRPCMessage | undefined;
  /** A result the SDK sends, with what the layer adds to it (tasks in the capabilities, in the tool list). */
  patch(id: RequestId, result: Record<string, unknown>): Record<string, unknown>;
  /** The connection closed: stop every task's timers. */
  close(): void;
}

/** Where a layer writes its own messages (the client's stdout, through the pinning transport). */
export type Send = (message: JSONRPCMessage, options?: TransportSendOptions) => void;

export interface ClientRequest {
  id: RequestId;
  method: string;
  params: Record<string, unknown>;
}

/** The request a client message is, if it is one. */
export function requestOf(message: JSONRPCMessage): ClientRequest | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  return { id: message.id, method: message.method, params: record(message.params) };
}

/** A key for a request id that keeps `1` and `"1"` apart. */
export function idKey(id: RequestId): string {
  return JSON.stringify(id);
}

export function result(id: RequestId, value: Record<string, unknown>): JSONRPCMessage {
  return { jsonrpc: '2.0', id, result: value };
}

export function failure(id: RequestId, code: number, message: string, data?: unknown): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

export const taskNotFound = (id: RequestId, taskId: unknown): JSONRPCMessage =>
  failure(id, INVALID_PARAMS, `Task not found: ${JSON.stringify(taskId ?? null)} (no task has this id, or its ttl ran out)`);

export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
