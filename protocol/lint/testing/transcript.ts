/**
 * Test helper: transcripts as BridgeEvents, linted the way the app does it (ExchangeTracker
 * first, then the Linter).
 */
import type { AuthEvent, BridgeEvent, HttpEvent } from '../../envelope.js';
import { ExchangeTracker } from '../../exchanges.js';
import { META_KEYS, STATELESS_VERSION } from '../../flows.js';
import { NOTE_TOPICS } from '../../noteTopics.js';
import { Linter } from '../linter.js';
import type { Finding } from '../rules.js';

type Json = Record<string, unknown> | unknown[] | string;

/** The per-request envelope of the stateless flow, as the demo capture used it. */
export const META = {
  [META_KEYS.protocolVersion]: STATELESS_VERSION,
  [META_KEYS.clientCapabilities]: { elicitation: { form: {} } },
  [META_KEYS.clientInfo]: { name: 'mcp-lens', version: '0.1.0' },
};

const encoder = new TextEncoder();

type HttpStep = HttpEvent extends infer E ? (E extends HttpEvent ? Omit<E, 'seq' | 't' | 'conn' | 'kind' | 'req'> : never) : never;

export class Transcript {
  readonly events: BridgeEvent[] = [];
  private seq = 0;
  private t = 1_000;

  constructor(readonly conn = 'c1') {}

  /** The sequence number the next event will get. */
  get nextSeq(): number {
    return this.seq;
  }

  spawn(): this {
    return this.push({ kind: 'spawn', config: { command: 'node', args: ['server.js'], env: {} }, pid: 4242 });
  }

  /** Another connection's events, journaled here in their order (their own conn kept). */
  include(other: Transcript): this {
    for (const event of other.events) this.events.push({ ...event, seq: this.seq++, t: (this.t += 5) });
    return this;
  }

  /** This connection as an MCP App's lane on the connection `of` (the app writes stdin, the host stdout). */
  appLane(of = 'c0'): this {
    return this.push({ kind: 'spawn', config: { transport: 'app', uri: 'ui://test/app.html', of, tool: 'show' } });
  }

  exit(): this {
    return this.push({ kind: 'exit', code: 0, signal: null, requested: true });
  }

  /** A line the client wrote to the server's stdin (objects are encoded as compact JSON). */
  send(line: Json): this {
    return this.line('stdin', line);
  }

  /** A line the server wrote to stdout. */
  recv(line: Json): this {
    return this.line('stdout', line);
  }

  stderr(text: string): this {
    return this.line('stderr', text);
  }

  /** A stdout line that is not valid UTF-8. */
  recvBytes(b64: string, size: number): this {
    return this.push({ kind: 'line', stream: 'stdout', b64, eol: '\n', size });
  }

  /** One step of an HTTP exchange, as the bridge records it (`req` names the exchange). */
  http(req: string, step: HttpStep): this {
    return this.push({ kind: 'http', req, ...step });
  }

  /** One step of an OAuth flow, as the bridge records it (`run` groups the steps of one flow). */
  auth(
    run: string,
    step: AuthEvent['step'],
    phase: AuthEvent['phase'],
    rest: Partial<Pick<AuthEvent, 'status' | 'http' | 'text'>> = {},
  ): this {
    return this.push({ kind: 'auth', run, step, phase, text: rest.text ?? `${step} ${phase}`, ...rest });
  }

  note(topic: string, data: unknown): this {
    return this.push({ kind: 'note', topic, data });
  }

  connectStart(choice: 'handshake' | 'stateless' | 'auto'): this {
    return this.note(NOTE_TOPICS.connecting, { choice });
  }

  connectDone(flow: 'handshake' | 'stateless', protocolVersion: string): this {
    return this.note(NOTE_TOPICS.connected, { outcome: { flow, protocolVersion } });
  }

  /** Client: initialize (declaring `capabilities`), the server's result, notifications/initialized. */
  handshake(capabilities: Record<string, unknown> = {}): this {
    return this.send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'mcp-lens', version: '0.1.0' } },
    })
      .recv({
        jsonrpc: '2.0',
        id: 0,
        result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
      })
      .send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** A stateless request: params get the envelope. */
  sendStateless(id: string | number, method: string, params: Record<string, unknown> = {}): this {
    return this.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } });
  }

  private line(stream: 'stdin' | 'stdout' | 'stderr', line: Json): this {
    const text = typeof line === 'string' ? line : JSON.stringify(line);
    return this.push({ kind: 'line', stream, text, eol: '\n', size: encoder.encode(text).length });
  }

  private push(event: Record<string, unknown>): this {
    this.events.push({ ...event, seq: this.seq++, t: (this.t += 5), conn: this.conn } as BridgeEvent);
    return this;
  }
}

/** Feeds events through a fresh ExchangeTracker and Linter; returns every finding. */
export function lint(events: readonly BridgeEvent[]): Finding[] {
  const tracker = new ExchangeTracker();
  const linter = new Linter();
  for (const event of events) linter.apply(event, tracker.apply(event));
  return linter.findings;
}

export function rulesOf(findings: readonly Finding[]): string[] {
  return findings.map((f) => f.rule);
}
