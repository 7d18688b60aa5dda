/**
 * Session files written line by line, for the tests of replay and the mock: each connection is a
 * spawn, its wire lines (`c` the client wrote, `s` the server wrote) and, when a flow is given,
 * the connect note the engine leaves.
 */
import type { BridgeEvent } from '../envelope.js';
import type { Flow } from '../flows.js';
import { NOTE_TOPICS } from '../noteTopics.js';
import { buildSessionFile, type SessionFile } from '../sessionFile.js';

export type ScriptLine = ['c' | 's', unknown];

export interface ScriptedConnection {
  conn: string;
  flow?: Flow;
  lines: ScriptLine[];
}

export function scriptedSession(connections: readonly ScriptedConnection[]): SessionFile {
  const events: BridgeEvent[] = [];
  let seq = 0;
  const push = (event: Record<string, unknown>): void => {
    events.push({ seq: seq++, t: 1_700_000_000_000 + seq, ...event } as BridgeEvent);
  };
  for (const { conn, flow, lines } of connections) {
    push({ conn, kind: 'spawn', config: { command: 'node', args: ['server.js'], env: {} }, pid: 100 + seq });
    if (flow) push({ conn, kind: 'note', topic: NOTE_TOPICS.connected, data: { outcome: { flow } } });
    for (const [who, message] of lines) {
      const text = typeof message === 'string' ? message : JSON.stringify(message);
      push({ conn, kind: 'line', stream: who === 'c' ? 'stdin' : 'stdout', text, eol: '\n', size: new TextEncoder().encode(text).length });
    }
  }
  return buildSessionFile(events, { name: 'mcp-lens', version: 'test' });
}

/** A request line, a result line and an error line, JSON-RPC 2.0. */
export const req = (id: number, method: string, params?: Record<string, unknown>): unknown =>
  params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
export const res = (id: number, result: Record<string, unknown>): unknown => ({ jsonrpc: '2.0', id, result });
export const err = (id: number, code: number, message: string): unknown => ({ jsonrpc: '2.0', id, error: { code, message } });
