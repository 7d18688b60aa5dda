/**
 * One server connection driven from this tab: spawns it, runs the protocol's Connector, then
 * hands the open conversation to a ClientSession. Each connect decision is journaled as a note,
 * so the steps show in the log and survive a reload; a reloaded tab adopts a live connection
 * from its notes and carries on with the next free id. An HTTP server's messages go through an
 * HttpTransport, as `http` commands the bridge performs; the transport reads every event back.
 */
import type { BridgeEvent, ConnectionConfig } from '../../../protocol/envelope.js';
import { HttpTransport } from '../../../protocol/http/transport.js';
import { Connector, type ConnectAction, type Connected } from '../../../protocol/connect.js';
import { ClientSession, type ServerAnswer } from '../../../protocol/clientSession.js';
import { encodeFrame, type FlowChoice, type LogLevel } from '../../../protocol/flows.js';
import { classifyText, type Classified } from '../../../protocol/jsonrpc.js';
import { classifyLine } from '../../../protocol/lineClassify.js';
import { OpeningWatcher } from '../../../protocol/openingWatcher.js';
import { NOTE_TOPICS } from '../../../protocol/noteTopics.js';
import { exitHow, StderrTail } from '../../../protocol/serverExit.js';
import type { BridgeSocket } from './bridgeSocket.js';
import { clipDepth } from '../../../protocol/jsonDepth.js';
import { changeLogLevel } from '../../../protocol/logLevelChange.js';
import { serverOffers } from '../../../protocol/serverOffers.js';

export interface DriverOptions {
  /** False: launch the server and send nothing; the user writes every line. */
  open?: boolean;
  /**
   * With `open: false`, stay raw for good: no opening written by hand is taken over, so no
   * ClientSession ever answers the server's requests (ping, elicitation) on this connection.
   * A tour answers them itself, as steps of its own.
   */
  raw?: boolean;
  protocolVersion?: string;
  discover?: boolean;
  capabilities?: Record<string, unknown>;
  probeTimeoutMs?: number;
  /** Log messages wanted: logging/setLevel once (handshake) or _meta on every request (stateless). */
  logLevel?: LogLevel;
}

export type AskUser = (conn: string, method: string, params: Record<string, unknown>) => Promise<ServerAnswer>;

export class ConnectionDriver {
  private connector: Connector | undefined;
  /** Launch only: watches the lines the user writes for a completed opening. */
  private byHand: OpeningWatcher | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  /** The last stderr lines, so a death after connecting is explained like one during it. */
  private readonly stderrTail = new StderrTail();
  private awaitingSpawn = true;
  private restarting = false;
  private alive = false;
  /** A restart asked to stop a server still running: start it again once it has exited. */
  private respawnOnExit = false;
  private disposed = false;
  session: ClientSession | undefined;
  /** Set by scripted runs (a comparison, a replay): answers server questions without asking the user. */
  autoAnswer: ((method: string, params: Record<string, unknown>) => ServerAnswer | Promise<ServerAnswer> | undefined) | undefined;
  /** Settles when the connect attempt ends: connected, or why not. */
  readonly ready: Promise<{ ok: true } | { ok: false; reason: string }>;
  private settle: (value: { ok: true } | { ok: false; reason: string }) => void = () => undefined;

  constructor(
    readonly conn: string,
    private readonly socket: BridgeSocket,
    private readonly askUser: AskUser,
    private readonly capabilities: Record<string, unknown>,
  ) {
    this.ready = new Promise((resolve) => (this.settle = resolve));
  }

  /** An HTTP server's transport (undefined for a stdio server). */
  private transport: HttpTransport | undefined;

  /** The server is reached over HTTP. */
  get http(): boolean {
    return this.transport !== undefined;
  }

  /** Launches the server and opens the conversation (unless `open` is false). */
  start(config: ConnectionConfig, choice: FlowChoice, options: DriverOptions, label?: string): void {
    if (config.transport === 'http') this.transport = this.newTransport(config.url);
    if (options.open !== false) {
      this.connector = new Connector(choice, {
        nextId: () => this.nextId++,
        ...(options.protocolVersion ? { protocolVersion: options.protocolVersion } : {}),
        ...(options.discover === undefined ? {} : { discover: options.discover }),
        capabilities: this.capabilities,
        ...(options.probeTimeoutMs === undefined ? {} : { probeTimeoutMs: options.probeTimeoutMs }),
        transport: config.transport,
      });
      this.note(NOTE_TOPICS.connecting, { choice, capabilities: this.capabilities });
    } else if (!options.raw) {
      this.byHand = new OpeningWatcher();
    }
    this.config = config;
    this.label = label;
    this.wantedLevel = options.logLevel;
    this.spawn();
  }

  /**
   * Takes over a connection opened before a reload, from what the journal says of it (over
   * HTTP, the session id the server gave; the streams the earlier tab opened stay the bridge's).
   */
  adopt(connected: Connected, nextId: number, http?: { sessionId?: string; legacyEndpoint?: string }): void {
    this.settle({ ok: true });
    this.nextId = nextId;
    this.awaitingSpawn = false;
    if (http) {
      this.transport = this.newTransport();
      this.transport.restore({
        flow: connected.flow,
        protocolVersion: connected.protocolVersion,
        ...(http.sessionId === undefined ? {} : { sessionId: http.sessionId }),
        ...(http.legacyEndpoint === undefined ? {} : { legacyEndpoint: http.legacyEndpoint }),
      });
    }
    this.openSession(connected);
  }

  /** Over HTTP: closes the streams and ends the server's session (DELETE) before the bridge closes the connection. */
  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.transport?.close();
    this.session?.close('disconnected');
  }

  /** Writes one message: a stdin line, or over HTTP the request the flow calls for. */
  sendLine(text: string): void {
    if (this.transport) this.transport.send(text);
    else this.socket.send({ type: 'send', conn: this.conn, text });
  }

  private newTransport(url?: string): HttpTransport {
    return new HttpTransport({
      ...(url === undefined ? {} : { url }),
      perform: (request) =>
        this.socket.send({
          type: 'http',
          conn: this.conn,
          req: request.req,
          method: request.method,
          headers: request.headers,
          ...(request.url === undefined ? {} : { url: request.url }),
          ...(request.text === undefined ? {} : { text: request.text }),
        }),
      abort: (req, reason) => this.socket.send({ type: 'abort', conn: this.conn, req, reason }),
      onFailed: (id, reason, unreachable) => {
        if (this.connector && !this.connector.finished) this.run(this.connector.onRequestFailed(id, reason, unreachable));
        else this.session?.transportFailed(id, reason, unreachable);
      },
      onNote: (text) => this.note(NOTE_TOPICS.step, { text }),
      // Exchange ids of this page only: another tab, or this one reloaded, never reuses one.
      prefix: `${Math.random().toString(36).slice(2, 6)}-`,
    });
  }

  /** `classified`: the line as the session model already classified it, so it is not parsed twice. */
  onEvent(event: BridgeEvent, classified?: Classified): void {
    if (this.disposed) return;
    // Before the connector and the session hear of a line: its exchange's headers come first.
    this.transport?.onEvent(event);
    switch (event.kind) {
      case 'spawn':
        this.alive = true;
        if (!this.awaitingSpawn || !this.connector) return;
        this.awaitingSpawn = false;
        this.run(this.restarting ? this.connector.onRestarted() : this.connector.start());
        this.restarting = false;
        return;
      case 'spawn-error':
        this.alive = false;
        if (this.connector && !this.connector.finished) this.run([{ type: 'failed', reason: event.message }]);
        return;
      case 'line': {
        if (event.stream === 'stdout') {
          // Bytes that are not UTF-8 too: an answer among them still ends its request.
          const message = classified ?? classifyLine(event);
          if (this.connector && !this.connector.finished) this.run(this.connector.onMessage(message, event.text));
          else if (this.session) this.session.onMessage(message);
          else if (this.byHand) this.openedByHand(this.byHand.onServer(message));
          return;
        }
        if (event.text === undefined) return;
        if (event.stream === 'stderr') {
          this.stderrTail.push(event.text);
          if (this.connector && !this.connector.finished) this.connector.onStderr(event.text);
          return;
        }
        // stdin: what the user wrote by hand, before a session exists.
        if (this.byHand && !this.session) this.openedByHand(this.byHand.onClient(classified ?? classifyText(event.text)));
        return;
      }
      case 'exit':
        this.alive = false;
        if (this.connector && !this.connector.finished) this.run(this.connector.onExit(event));
        this.session?.close(`the server exited ${exitHow(event)}${this.stderrTail.describe()}`);
        if (this.respawnOnExit) {
          this.respawnOnExit = false;
          this.spawn();
        }
        return;
      case 'auth':
        // A request waiting for authorization is not idle: the engine's timers follow the flow.
        if (this.connector && !this.connector.finished) this.run(this.connector.onAuth(event.phase));
        else this.session?.onAuth(event.phase);
        return;
      case 'stop':
      case 'notice':
      case 'note':
      case 'http':
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  }

  private config: ConnectionConfig | undefined;
  private label: string | undefined;
  /** The log level the user asked for (at connect, or on the card since). */
  private wantedLevel: LogLevel | undefined;

  get logLevel(): LogLevel | undefined {
    return this.wantedLevel;
  }

  /** The card's log level: logging/setLevel (handshake) or the _meta of every request from now on (stateless). */
  async changeLogLevel(level: LogLevel | undefined): Promise<string> {
    if (!this.session) return 'the connection is not open';
    this.wantedLevel = level;
    return changeLogLevel(this.session, level);
  }

  /** A server that declares no logging is not asked for log messages (it would refuse, or ignore them). */
  private levelFor(connected: Connected): LogLevel | undefined {
    if (this.wantedLevel === undefined) return undefined;
    if (serverOffers(connected.capabilities, 'logging') !== 'no') return this.wantedLevel;
    this.note(NOTE_TOPICS.step, { text: `log level ${this.wantedLevel} not asked for: the server declares no logging capability` });
    return undefined;
  }

  private spawn(): void {
    if (!this.config) return;
    this.awaitingSpawn = true;
    this.socket.send({ type: 'spawn', conn: this.conn, config: this.config, ...(this.label ? { label: this.label } : {}) });
  }

  /** Launch only: the user wrote the opening lines; once they complete it, the panels take over. */
  private openedByHand(connected: Connected | undefined): void {
    if (!connected || !this.byHand) return;
    this.nextId = Math.max(this.nextId, this.byHand.maxClientId + 1);
    this.transport?.settle(connected.flow, connected.protocolVersion);
    this.openSession(connected);
    const how =
      connected.flow === 'handshake' ? 'the handshake written by hand is complete' : 'server/discover written by hand was answered';
    this.note(NOTE_TOPICS.step, { text: `${how}: the panels now work on this connection` });
    this.note(NOTE_TOPICS.connected, { outcome: connected });
    this.settle({ ok: true });
  }

  private openSession(connected: Connected): void {
    this.session = new ClientSession({
      flow: connected.flow,
      protocolVersion: connected.protocolVersion,
      send: (text) => this.sendLine(text),
      nextId: () => this.nextId++,
      capabilities: this.capabilities,
      ...(connected.flow === 'stateless' && this.wantedLevel ? { logLevel: this.wantedLevel } : {}),
      onServerRequest: (method, params) => {
        const scripted = this.autoAnswer?.(method, params);
        return scripted ? Promise.resolve(scripted) : this.askUser(this.conn, method, params);
      },
      onFlag: (text) => this.note(NOTE_TOPICS.flag, { text }),
    });
  }

  private run(actions: ConnectAction[]): void {
    for (const action of actions) {
      switch (action.type) {
        case 'send':
          this.sendLine(encodeFrame(action.frame));
          break;
        case 'wait':
          if (this.timer) clearTimeout(this.timer);
          this.timer = setTimeout(() => this.connector && this.run(this.connector.onTimeout()), action.ms);
          break;
        case 'restart':
          if (this.timer) clearTimeout(this.timer);
          // Nothing to restart over HTTP: a stateless request ties no server process to a flow.
          if (this.transport) {
            if (this.connector) this.run(this.connector.onRestarted());
            break;
          }
          this.restarting = true;
          if (this.alive) {
            this.respawnOnExit = true;
            this.socket.send({ type: 'stop', conn: this.conn });
          } else this.spawn();
          break;
        case 'step':
          this.note(NOTE_TOPICS.step, { text: action.text });
          break;
        case 'connected':
          if (this.timer) clearTimeout(this.timer);
          this.transport?.settle(action.outcome.flow, action.outcome.protocolVersion);
          this.wantedLevel = this.levelFor(action.outcome);
          this.openSession(action.outcome);
          this.note(NOTE_TOPICS.connected, { outcome: action.outcome });
          // The handshake flow's stream of the server's own messages (a server may refuse it).
          if (action.outcome.flow === 'handshake') this.transport?.openStream();
          if (this.wantedLevel && action.outcome.flow === 'handshake')
            void this.session?.request('logging/setLevel', { level: this.wantedLevel }).done;
          this.settle({ ok: true });
          break;
        case 'failed':
          if (this.timer) clearTimeout(this.timer);
          this.note(NOTE_TOPICS.failed, { reason: action.reason });
          this.settle({ ok: false, reason: action.reason });
          break;
        default: {
          const never: never = action;
          return never;
        }
      }
    }
  }

  private note(topic: string, data: unknown): void {
    // Clipped: the connect notes echo what the server answered, nested as deep as it liked.
    this.socket.send({ type: 'note', conn: this.conn, topic, data: clipDepth(data) });
  }
}
