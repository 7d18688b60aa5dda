/**
 * Builders of bridge events for the timeline's tests: a session written as the calls a test
 * cares about, stamped with rising seqs and times like the journal's.
 */
import type { BridgeEvent, Stream } from '../envelope.js';

export class EventScript {
  readonly events: BridgeEvent[] = [];
  private seq = 0;
  t = 1_750_000_000_000;

  /** Moves the clock on. */
  wait(ms: number): this {
    this.t += ms;
    return this;
  }

  line(conn: string, stream: Stream, value: unknown): this {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return this.push({ conn, kind: 'line', stream, text, eol: '\n', size: new TextEncoder().encode(text).length });
  }

  bytes(conn: string, stream: Stream, b64: string, size: number): this {
    return this.push({ conn, kind: 'line', stream, b64, eol: '\n', size });
  }

  request(conn: string, id: number | string, method: string, params: unknown = {}): this {
    return this.line(conn, 'stdin', { jsonrpc: '2.0', id, method, params });
  }

  serverRequest(conn: string, id: number | string, method: string, params: unknown = {}): this {
    return this.line(conn, 'stdout', { jsonrpc: '2.0', id, method, params });
  }

  result(conn: string, id: number | string, result: unknown = {}, stream: Stream = 'stdout'): this {
    return this.line(conn, stream, { jsonrpc: '2.0', id, result });
  }

  error(conn: string, id: number | string, code: number, message: string): this {
    return this.line(conn, 'stdout', { jsonrpc: '2.0', id, error: { code, message } });
  }

  notify(conn: string, stream: Stream, method: string, params: unknown = {}): this {
    return this.line(conn, stream, { jsonrpc: '2.0', method, params });
  }

  spawn(conn: string): this {
    return this.push({ conn, kind: 'spawn', config: { command: 'node', args: ['server.js'], env: {} }, pid: 4242 });
  }

  exit(conn: string, code: number | null = 0): this {
    return this.push({ conn, kind: 'exit', code, signal: null, requested: false });
  }

  note(conn: string | undefined, topic: string, data: unknown): this {
    return this.push({ ...(conn === undefined ? {} : { conn }), kind: 'note', topic, data });
  }

  notice(message: string): this {
    return this.push({ kind: 'notice', level: 'info', message });
  }

  push(event: Record<string, unknown>): this {
    this.events.push({ seq: this.seq++, t: (this.t += 1), ...event } as BridgeEvent);
    return this;
  }
}
