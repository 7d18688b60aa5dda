/**
 * The engine of the headless commands: the same hosts as the bridge and the same protocol
 * engine as the app, wired in one process with no socket in between. Every event is stamped and
 * kept, so a run can be printed as a transcript and saved as a session file. An HTTP server's
 * messages go through the same HttpTransport the app uses, as requests the HTTP host performs.
 */
import type { BridgeEvent, ConnectionConfig, UnstampedEvent } from '../../protocol/envelope.js';
import { HttpTransport } from '../../protocol/http/transport.js';
import type { JsonRpcId } from '../../protocol/jsonrpc.js';
import { Connector, type ConnectAction, type ConnectOptions, type Connected } from '../../protocol/connect.js';
import { ClientSession, type ServerRequestHandler } from '../../protocol/clientSession.js';
import { encodeFrame, type FlowChoice } from '../../protocol/flows.js';
import { classifyLine } from '../../protocol/lineClassify.js';
import { ExchangeTracker } from '../../protocol/exchanges.js';
import { NOTE_TOPICS } from '../../protocol/noteTopics.js';
import { Linter, type Finding } from '../../protocol/lint/index.js';
import { exitHow, StderrTail } from '../../protocol/serverExit.js';
import { ServerHost } from '../serverHost.js';
import type { BrowserStep, TokenStore } from '../oauth/types.js';
import { monotonicNow } from '../journal.js';

export const CONN = 'cli';

export type ConnectResult = { ok: true; connected: Connected } | { ok: false; reason: string; exitCode: 1 | 3 };

export interface HeadlessOptions {
  onEvent?: (event: BridgeEvent) => void;
  onServerRequest?: ServerRequestHandler;
  /** Called after a flag is recorded as a note (see ClientSession's onFlag). */
  onFlag?: (text: string) => void;
  graceMs?: number;
  /** The OAuth client for an HTTP server that answers 401: where tokens are kept and how the browser is reached. */
  oauth?: { store: TokenStore; browser: BrowserStep };
}

export class HeadlessClient {
  readonly events: BridgeEvent[] = [];
  readonly tracker = new ExchangeTracker();
  readonly linter = new Linter();
  session: ClientSession | undefined;
  private readonly host: ServerHost;
  /** An HTTP server's transport (undefined for a stdio server). */
  private readonly transport: HttpTransport | undefined;
  /** Where an HTTP request that got no answer is reported: the connector while connecting, then the session. */
  private onRequestFailed: ((id: JsonRpcId, reason: string, unreachable: boolean) => void) | undefined;
  private seq = 0;
  private nextId = 1;
  private alive = false;
  private listeners = new Set<(event: BridgeEvent) => void>();
  /** The last stderr lines, so a death after connecting is explained like one during it. */
  private readonly stderrTail = new StderrTail();

  constructor(
    private readonly config: ConnectionConfig,
    private readonly options: HeadlessOptions = {},
  ) {
    this.host = new ServerHost({ record: (e) => this.record(e), graceMs: options.graceMs ?? 2000, withholdEnv: ['MCP_LENS_TOKEN'] });
    if (config.transport === 'http') {
      this.transport = new HttpTransport({
        perform: (request) =>
          this.host.request(CONN, {
            req: request.req,
            method: request.method,
            headers: request.headers,
            ...(request.url === undefined ? {} : { url: request.url }),
            ...(request.text === undefined ? {} : { body: Buffer.from(request.text, 'utf8') }),
          }),
        url: config.url,
        abort: (req, reason) => this.host.abort(CONN, req, reason),
        onFailed: (id, reason, unreachable) => {
          if (this.onRequestFailed) this.onRequestFailed(id, reason, unreachable);
          else this.session?.transportFailed(id, reason, unreachable);
        },
        onNote: (text) => this.note(NOTE_TOPICS.step, { text }),
      });
    }
  }

  /** The server is reached over HTTP. */
  get http(): boolean {
    return this.transport !== undefined;
  }

  get findings(): Finding[] {
    return this.linter.findings;
  }

  /** How a reason about the server's death ends: its last stderr lines, or that it wrote none. */
  get stderrDetail(): string {
    return this.stderrTail.describe();
  }

  get running(): boolean {
    return this.alive;
  }

  /** Starts the server; resolves with the spawn error message when it could not start. */
  start(): Promise<string | undefined> {
    return new Promise((resolve) => {
      const off = this.on((event) => {
        if (event.kind === 'spawn') {
          off();
          resolve(undefined);
        } else if (event.kind === 'spawn-error') {
          off();
          resolve(event.message);
        }
      });
      this.host.spawn(CONN, this.config);
    });
  }

  /** Opens the conversation in the chosen flow, carrying out the connector's steps. */
  connect(choice: FlowChoice, options: Omit<ConnectOptions, 'nextId'>): Promise<ConnectResult> {
    const connector = new Connector(choice, { ...options, nextId: () => this.nextId++, transport: this.transport ? 'http' : 'stdio' });
    this.note(NOTE_TOPICS.connecting, { choice });
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (result: ConnectResult): void => {
        if (timer) clearTimeout(timer);
        off();
        resolve(result);
      };
      const run = (actions: ConnectAction[]): void => {
        for (const action of actions) {
          switch (action.type) {
            case 'send':
              this.send(encodeFrame(action.frame));
              break;
            case 'wait':
              if (timer) clearTimeout(timer);
              timer = setTimeout(() => run(connector.onTimeout()), action.ms);
              break;
            case 'restart':
              if (timer) clearTimeout(timer);
              // Nothing to restart over HTTP: a stateless request ties no server process to a flow.
              if (this.transport) {
                run(connector.onRestarted());
                break;
              }
              void this.stop()
                .then(() => this.start())
                .then((error) =>
                  error ? finish({ ok: false, reason: `restart failed: ${error}`, exitCode: 3 }) : run(connector.onRestarted()),
                );
              break;
            case 'step':
              this.note(NOTE_TOPICS.step, { text: action.text });
              break;
            case 'connected':
              this.onRequestFailed = undefined;
              this.transport?.settle(action.outcome.flow, action.outcome.protocolVersion);
              this.note(NOTE_TOPICS.connected, { outcome: action.outcome });
              this.session = new ClientSession({
                flow: action.outcome.flow,
                protocolVersion: action.outcome.protocolVersion,
                send: (line) => this.send(line),
                nextId: () => this.nextId++,
                capabilities: options.capabilities ?? {},
                ...(options.clientInfo ? { clientInfo: options.clientInfo } : {}),
                ...(this.options.onServerRequest ? { onServerRequest: this.options.onServerRequest } : {}),
                onFlag: (text) => {
                  this.note(NOTE_TOPICS.flag, { text });
                  this.options.onFlag?.(text);
                },
              });
              finish({ ok: true, connected: action.outcome });
              // The handshake flow's stream of the server's own messages (a server may refuse it).
              if (action.outcome.flow === 'handshake') this.transport?.openStream();
              return;
            case 'failed': {
              this.onRequestFailed = undefined;
              this.note(NOTE_TOPICS.failed, { reason: action.reason });
              const unreachable = /no answer|exited|restart failed/.test(action.reason);
              finish({ ok: false, reason: action.reason, exitCode: unreachable ? 3 : 1 });
              return;
            }
            default: {
              const never: never = action;
              return never;
            }
          }
        }
      };
      const off = this.on((event) => {
        if (event.kind === 'line' && event.stream === 'stdout') run(connector.onMessage(classifyLine(event), event.text));
        else if (event.kind === 'line' && event.stream === 'stderr' && event.text !== undefined) connector.onStderr(event.text);
        else if (event.kind === 'exit') run(connector.onExit(event));
      });
      this.onRequestFailed = (id, reason, unreachable) => run(connector.onRequestFailed(id, reason, unreachable));
      run(connector.start());
    });
  }

  send(line: string): void {
    if (this.transport) this.transport.send(line);
    else this.host.send(CONN, Buffer.from(line, 'utf8'));
  }

  /** Stops the server; over HTTP, closes its streams and ends its session (DELETE) first. */
  stop(): Promise<void> {
    this.transport?.close();
    return this.host.stop(CONN);
  }

  /** Resolves when the server process exits (immediately if it is not running). */
  exited(): Promise<void> {
    if (!this.alive) return Promise.resolve();
    return new Promise((resolve) => {
      const off = this.on((event) => {
        if (event.kind === 'exit') {
          off();
          resolve();
        }
      });
    });
  }

  private note(topic: string, data: unknown): void {
    this.record({ kind: 'note', conn: CONN, topic, data });
  }

  private on(listener: (event: BridgeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private record(unstamped: UnstampedEvent): void {
    const event = { seq: this.seq++, t: monotonicNow(), ...unstamped } as BridgeEvent;
    this.events.push(event);
    if (event.kind === 'spawn') this.alive = true;
    if (event.kind === 'exit' || event.kind === 'spawn-error') this.alive = false;
    const message = this.tracker.apply(event);
    this.linter.apply(event, message);
    this.options.onEvent?.(event);
    // Before the session and the connector hear of a line: its exchange's headers come first.
    this.transport?.onEvent(event);
    if (message && message.from === 'server') this.session?.onMessage(message.classified);
    if (event.kind === 'line' && event.stream === 'stderr' && event.text !== undefined) this.stderrTail.push(event.text);
    if (event.kind === 'exit') this.session?.close(`the server exited ${exitHow(event)}`);
    for (const listener of [...this.listeners]) listener(event);
  }
}
