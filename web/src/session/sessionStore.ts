/**
 * The live session in the browser: a plain store around the protocol's SessionModel, bound to
 * React with useSyncExternalStore. Everything shown is derived from journaled events, so a
 * reloaded tab rebuilds the same picture from the backlog.
 */
import type { BridgeEvent, ClientCommandInput, ConnectionConfig, WelcomeFrame } from '../../../protocol/envelope.js';
import type { FlowChoice } from '../../../protocol/flows.js';
import { SessionModel, type ConnInfo } from '../../../protocol/session.js';
import { NOTE_TOPICS } from '../../../protocol/noteTopics.js';
import { newConnId, nextConnNumber } from '../../../protocol/connIds.js';
import { BridgeSocket, type SocketStatus } from './bridgeSocket.js';
import { UpdatePacer } from '../../../protocol/updatePacer.js';
import { ConnectionDriver, type DriverOptions } from './connectionDriver.js';
import { QuestionQueue, type Question } from './questions.js';
import { RootsBook, type Root } from './roots.js';
import { declaresRoots, rootsChange, rootsSummary } from '../../../protocol/roots.js';
import { notHandled, rootsReply } from '../../../protocol/answers.js';
import type { ServerAnswer } from '../../../protocol/clientSession.js';
import type { LogLevel } from '../../../protocol/flows.js';
import { livenessMethod, livenessText } from '../../../protocol/liveness.js';
import { WatchReporter, shownConns } from './watching.js';
import { keepToken, type TokenChoice } from './token.js';
import { answerOpenTabs, askOpenTabs } from './tokenShare.js';

/** Backlog events the page folds whole on opening (pairing, lint, kept for its panels); older ones are folded light. */
const FULL_BACKLOG = 50_000;
import type { ClientSession } from '../../../protocol/clientSession.js';
import { clipDepth } from '../../../protocol/jsonDepth.js';

export interface Snapshot {
  version: number;
  status: SocketStatus;
  welcome?: WelcomeFrame;
  conns: ConnInfo[];
  eventCount: number;
  /** Events the bridge had when this socket opened that are still being replayed. */
  backlog: number;
  problems: string[];
  /** Set while the bridge cannot write its journal: why, since when, and what waits. */
  journalStalled?: { message: string; since: number; waitingBytes: number };
}

export class SessionStore {
  model = new SessionModel({ lint: false });
  private socket: BridgeSocket | undefined;
  private welcome: WelcomeFrame | undefined;
  private status: SocketStatus = { state: 'connecting', attempt: 0 };
  private problems: string[] = [];
  private journalStalled: Snapshot['journalStalled'];
  private readonly listeners = new Set<() => void>();
  private snapshot: Snapshot = this.makeSnapshot();
  private readonly pacer = new UpdatePacer(() => this.notify());
  private readonly drivers = new Map<string, ConnectionDriver>();
  private connCounter = 0;
  /** Each connection's roots: roots/list is answered from them without a dialog. */
  readonly roots = new RootsBook();
  readonly questions = new QuestionQueue((conn, method, _params, via, declared) =>
    method === 'roots/list' ? this.answerRoots(conn, via, declared) : undefined,
  );
  private readonly watching = new WatchReporter((conns) => this.socket?.send({ type: 'watch', conns }));
  private readonly onVisibility = (): void => this.pacer.now();
  /** Connections opened from this tab's connect form, oldest first: its panels follow them. */
  readonly ownLaunches: string[] = [];

  private readonly frameListeners = new Set<(text: string, session: string) => void>();
  private readonly foldedListeners = new Set<(events: readonly BridgeEvent[]) => void>();
  /** Events up to this seq are folded light (see onWelcome). */
  private lightUntil = -1;

  private token: string | undefined;
  private readonly kept: string | undefined;
  private readonly addressFragment: string | undefined;
  /**
   * The fragment of the address this page was loaded from, when that address carried the token
   * the bridge accepted: a printed address. Its requests (`connect`) are acted on; the same
   * requests in an address another page navigated this tab to (no token, or a wrong one) are not.
   */
  printedFragment: string | undefined;

  constructor(choice: TokenChoice | string | undefined) {
    const { token, kept, fragment } = typeof choice === 'object' ? choice : { token: choice, kept: undefined, fragment: undefined };
    this.token = token;
    this.kept = kept;
    this.addressFragment = fragment;
  }

  /** Every events frame's text as the socket receives it, with its session (the timeline worker's live source). */
  onEventsFrame(listener: (text: string, session: string) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /** Each batch of new events once folded into the model, in order (a tour follows its connections' lines). */
  onFolded(listener: (events: readonly BridgeEvent[]) => void): () => void {
    this.foldedListeners.add(listener);
    return () => this.foldedListeners.delete(listener);
  }

  /** A follower's page: the bridge lets its socket receive events and refuses everything else. */
  get readOnly(): boolean {
    return this.welcome?.readOnly === true;
  }

  /** The read-only token a follower link carries (given to this page when it holds the full one). */
  get followerToken(): string | undefined {
    return this.welcome?.followerToken;
  }

  /** The follower link on the bridge's `--followers` listener, for learners on the room's LAN. */
  get followersUrl(): string | undefined {
    return this.welcome?.followersUrl;
  }

  /** Where the timeline worker reads a session's journal from, with the token it needs. */
  journalSource(session: string): { url: string; token: string } {
    return { url: new URL(`/api/sessions/${encodeURIComponent(session)}/journal`, window.location.href).href, token: this.token ?? '' };
  }

  /** Where an earlier session's saved timeline index is read and kept (ADR 7). */
  savedIndexUrl(session: string): string {
    return new URL(`/api/sessions/${encodeURIComponent(session)}/index`, window.location.href).href;
  }

  private started = false;

  start(): void {
    if (this.started) return;
    this.started = true;
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onVisibility);
    // Another tab opened on a link to a view asks this one for the token (tokenShare.ts).
    this.stopAnswering = answerOpenTabs(() => (this.status.state === 'open' && this.welcome && !this.readOnly ? this.token : undefined));
    void this.openSocket();
  }

  private stopAnswering: (() => void) | undefined;

  private async openSocket(): Promise<void> {
    if (!this.token) {
      // A link to a view carries no token: a tab of this browser that holds it may give it.
      this.token = await askOpenTabs();
      if (!this.token) {
        this.setStatus({
          state: 'refused',
          reason:
            'no token: open the address that `mcp-lens` printed (it ends in #token=…), or open this link in the browser where MCP Lens is open in another tab',
        });
        return;
      }
    }
    void this.acceptedToken(this.token).then((ok) => {
      if (!ok || !this.token) return;
      this.socket = new BridgeSocket(this.token, {
        onWelcome: (welcome) => this.onWelcome(welcome),
        onEvents: (events, malformed) => this.onEvents(events, malformed),
        onStatus: (status) => this.setStatus(status),
        onRejected: (message) => this.addProblem(`the bridge refused a command: ${message}`),
        onJournal: (state) => {
          this.journalStalled = state.ok
            ? undefined
            : { message: state.message ?? '', since: state.since ?? Date.now(), waitingBytes: state.waitingBytes ?? 0 };
          this.pacer.now();
        },
        lastSeq: () => this.model.lastSeq,
        onEventsText: (text) => {
          const session = this.welcome?.session;
          if (session !== undefined) for (const listener of this.frameListeners) listener(text, session);
        },
      });
      this.socket.open();
    });
  }

  stop(): void {
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onVisibility);
    this.stopAnswering?.();
    this.socket?.close();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Snapshot => this.snapshot;

  /** Spawns a server and opens the conversation in the chosen flow. Returns the connection id. */
  connect(config: ConnectionConfig, choice: FlowChoice, options: DriverOptions, label?: string): string {
    const conn = this.newConnId();
    this.ownLaunches.push(conn);
    this.launch(conn, config, choice, options, label);
    return conn;
  }

  /** Like connect, for scripted runs: the driver, to await and to answer questions for. */
  launch(conn: string, config: ConnectionConfig, choice: FlowChoice, options: DriverOptions, label?: string): ConnectionDriver {
    const driver = this.newDriver(conn, options.capabilities ?? {});
    driver.start(config, choice, options, label);
    return driver;
  }

  newConnId(prefix = 'c'): string {
    // Numbered on from every tab's connections in the journal, not from this tab's alone.
    this.connCounter = nextConnNumber(this.model.conns.keys(), this.connCounter);
    return newConnId(prefix, this.connCounter);
  }

  /** Where an MCP App's proxy frame is loaded from (the bridge's sandbox listener), once the bridge said. */
  get appSandbox(): string | undefined {
    return this.welcome?.appSandbox;
  }

  /** Opens the lane an MCP App's messages are journaled on; its id. */
  openAppLane(of: string, uri: string, tool: string): string {
    const conn = this.newConnId('a');
    this.socket?.send({ type: 'app-open', conn, config: { transport: 'app', of, uri, tool } });
    return conn;
  }

  /** One postMessage between an app and MCP Lens, as one line of its lane. */
  appLine(conn: string, dir: 'from-app' | 'to-app', text: string): void {
    this.socket?.send({ type: 'app-line', conn, dir, text });
  }

  closeAppLane(conn: string, reason?: string): void {
    this.socket?.send({ type: 'app-close', conn, ...(reason === undefined ? {} : { reason }) });
  }

  /** Journals a note of the app's own (a comparison's markers, say). */
  note(topic: string, data: unknown, conn?: string): void {
    // Clipped: a note may echo what a server sent (its serverInfo, say), nested as deep as it liked.
    this.socket?.send({ type: 'note', topic, data: clipDepth(data), ...(conn === undefined ? {} : { conn }) });
  }

  /**
   * The open conversation on a connection, or undefined while it is not open. A connection
   * opened before this tab was (re)loaded is adopted from the journal.
   */
  client(conn: string): ClientSession | undefined {
    const info = this.model.conns.get(conn);
    // A server that exited leaves its driver behind, with nothing to send to.
    if (info !== undefined && info.status !== 'running') return undefined;
    const driver = this.drivers.get(conn);
    if (driver?.session) return driver.session;
    if (driver || !this.socket || !info?.connected || info.status !== 'running') return undefined;
    const adopted = this.newDriver(conn, info.capabilities ?? {});
    const http =
      info.config?.transport === 'http'
        ? {
            ...(info.httpSession === undefined ? {} : { sessionId: info.httpSession }),
            ...(info.httpEndpoint === undefined ? {} : { legacyEndpoint: info.httpEndpoint }),
          }
        : undefined;
    adopted.adopt(info.connected, info.maxClientId + 1, http);
    return adopted.session;
  }

  private readonly listening = new Set<string>();

  /**
   * Stateless servers send list_changed only on a subscriptions/listen stream: open one per
   * connection (once) for whatever lists the server says can change.
   */
  ensureListening(conn: string): void {
    const session = this.client(conn);
    const info = this.model.conns.get(conn);
    if (!session || session.flow !== 'stateless' || this.listening.has(conn) || !info?.connected) return;
    const caps = (info.connected.capabilities ?? {}) as Record<string, { listChanged?: boolean } | undefined>;
    const filter = {
      ...(caps.tools?.listChanged ? { toolsListChanged: true } : {}),
      ...(caps.prompts?.listChanged ? { promptsListChanged: true } : {}),
      ...(caps.resources?.listChanged ? { resourcesListChanged: true } : {}),
    };
    if (Object.keys(filter).length === 0) return;
    this.listening.add(conn);
    session.listen(filter);
  }

  private newDriver(conn: string, capabilities: Record<string, unknown>): ConnectionDriver {
    const socket = this.socket;
    if (!socket) throw new Error('not connected to the bridge');
    const driver = new ConnectionDriver(
      conn,
      socket,
      (c, method, params) => this.questions.ask(c, method, params, 'server-request', capabilities),
      capabilities,
    );
    this.drivers.set(conn, driver);
    return driver;
  }

  disconnect(conn: string): void {
    this.drivers.get(conn)?.dispose();
    this.questions.dropConn(conn);
    this.socket?.send({ type: 'stop', conn });
  }

  /** Stops every server this session still runs. */
  stopAll(): void {
    for (const info of this.model.conns.values()) {
      // A tapped connection is the host's: only the host ends it.
      if (!info.removed && !info.tap && info.config?.transport !== 'app' && (info.status === 'running' || info.status === 'starting'))
        this.disconnect(info.conn);
    }
  }

  /** Takes a stopped connection off the list, for every tab; the journal keeps its events. */
  remove(conn: string): void {
    this.note(NOTE_TOPICS.removed, {}, conn);
  }

  removeStopped(): void {
    for (const info of this.model.conns.values()) {
      if (!info.removed && (info.status === 'exited' || info.status === 'failed')) this.remove(info.conn);
    }
  }

  /** Step by step: lets the held request of an authorization run go (edited or not), or cancels the run. */
  authStep(command: Extract<ClientCommandInput, { type: 'auth-step' }>): void {
    this.socket?.send(command);
  }

  /** Forgets the OAuth tokens kept for a connection's server (in the bridge's memory and on disk). */
  authForget(conn: string): void {
    this.socket?.send({ type: 'auth-forget', conn });
  }

  /** Writes a line to the server exactly as typed, valid JSON or not (over HTTP, as the body of a POST). */
  sendRaw(conn: string, text: string): void {
    const driver = this.drivers.get(conn);
    if (driver?.http) driver.sendLine(text);
    else this.socket?.send({ type: 'send', conn, text });
  }

  /**
   * roots/list, answered from the connection's table at once (no dialog: the table is the
   * user's answer, edited on the card), with a note in the record saying what was given.
   */
  private answerRoots(conn: string, via: Question['via'], declared: Record<string, unknown>): ServerAnswer {
    const how = via === 'input-required' ? 'roots/list (an input_required round)' : 'roots/list';
    if (!declaresRoots(declared)) {
      this.note(NOTE_TOPICS.step, { text: `${how} refused: this connection did not declare roots` }, conn);
      return notHandled('roots/list');
    }
    const roots = this.roots.get(conn);
    this.note(NOTE_TOPICS.step, { text: `${how} answered from the roots table: ${rootsSummary(roots)}` }, conn);
    return rootsReply(roots);
  }

  /** Replaces a connection's roots and tells the server if its flow has a way to (see protocol/roots.ts). */
  setRoots(conn: string, roots: readonly Root[]): string {
    this.roots.set(conn, roots);
    const session = this.client(conn);
    if (!session) return 'kept for the next connection (this one is not open)';
    const change = rootsChange(session.flow, session.capabilities);
    if (change.send) session.notify(change.send);
    return change.text;
  }

  /** Checks the server is alive (ping, or server/discover on the stateless flow) and reads the round trip. */
  async ping(conn: string): Promise<string> {
    const session = this.client(conn);
    if (!session) return 'the connection is not open';
    const { id, done } = session.request(livenessMethod(session.flow), undefined, { timeoutMs: 10_000 });
    const outcome = await done;
    // The recorded times (the bridge's clock at each line), not this page's: no socket in between.
    return livenessText(session.flow, outcome, this.model.exchanges.get(conn, 'client', id)?.latencyMs);
  }

  /** The log level asked for on a connection this tab drives, if any. */
  logLevel(conn: string): LogLevel | undefined {
    return this.drivers.get(conn)?.logLevel;
  }

  /** Changes the log level of an open connection: logging/setLevel (handshake), or the _meta of what follows (stateless). */
  async setLogLevel(conn: string, level: LogLevel | undefined): Promise<string> {
    if (!this.client(conn)) return 'the connection is not open';
    return (await this.drivers.get(conn)?.changeLogLevel(level)) ?? 'the connection is not open';
  }

  /** Authenticated GET against the bridge's API. */
  async api(path: string): Promise<Response> {
    const response = await fetch(path, { headers: { Authorization: `Bearer ${this.token ?? ''}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
    return response;
  }

  /**
   * The address's token if the bridge accepts it, else the one this tab kept before: a tab that
   * another page navigates to `#token=junk` keeps working, and keeps its token.
   */
  private async acceptedToken(token: string): Promise<boolean> {
    const answer = await this.checkToken(token);
    if (answer === 'ok') {
      keepToken(token);
      this.printedFragment = this.addressFragment;
      return true;
    }
    if (answer === 'unreachable') {
      // The socket's backoff will keep trying and say so; with no other token, this one is kept.
      if (this.kept === undefined && this.addressFragment !== undefined) keepToken(token);
      return true;
    }
    if (this.kept !== undefined && (await this.checkToken(this.kept)) !== 'refused') {
      this.token = this.kept;
      return true;
    }
    this.setStatus({
      state: 'refused',
      reason: 'the bridge refused this token: open the address printed by the running `npm start` again',
    });
    return false;
  }

  private async checkToken(token: string): Promise<'ok' | 'refused' | 'unreachable'> {
    try {
      const response = await fetch('/api/session', { headers: { Authorization: `Bearer ${token}` } });
      return response.status === 401 ? 'refused' : 'ok';
    } catch {
      return 'unreachable';
    }
  }

  private onWelcome(welcome: WelcomeFrame): void {
    if (this.welcome && this.welcome.session !== welcome.session) {
      // The bridge restarted: a new session, with its own sequence numbers.
      this.model = new SessionModel({ lint: false });
      this.drivers.clear();
    }
    this.welcome = welcome;
    // A tab opening on a long session: the timeline worker reads the journal itself; this
    // page's model folds the old part of the backlog for the connections' state only
    // (docs/adr/0005), and the newest FULL_BACKLOG events whole.
    if (this.model.lastSeq === -1) this.lightUntil = welcome.lastSeq - FULL_BACKLOG;
    this.watching.reset();
    this.pacer.now();
  }

  private onEvents(events: BridgeEvent[], malformed: string[]): void {
    const folded: BridgeEvent[] | undefined = this.foldedListeners.size > 0 ? [] : undefined;
    for (const event of events) {
      // Only new events reach the drivers: a server request seen twice would be answered twice.
      const light = event.seq <= this.lightUntil;
      if (!this.model.apply(event, light)) continue;
      folded?.push(event);
      if (event.conn === undefined) continue;
      this.drivers.get(event.conn)?.onEvent(event, this.model.lastMessage?.classified);
    }
    if (folded && folded.length > 0) for (const listener of this.foldedListeners) listener(folded);
    for (const error of malformed) this.addProblem(`an event could not be read: ${error}`);
    this.pacer.events(events.length);
  }

  private setStatus(status: SocketStatus): void {
    this.status = status;
    this.pacer.now();
  }

  private addProblem(problem: string): void {
    this.problems = [...this.problems.slice(-19), problem];
    this.pacer.now();
  }

  private notify(): void {
    this.snapshot = this.makeSnapshot();
    // A follower shows and keeps nothing alive: the bridge would refuse its watch.
    if (this.status.state === 'open' && !this.readOnly) {
      const visible = typeof document === 'undefined' || document.visibilityState !== 'hidden';
      this.watching.update(shownConns(this.snapshot.conns, visible));
    }
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): Snapshot {
    return {
      version: this.model.version,
      status: this.status,
      ...(this.welcome ? { welcome: this.welcome } : {}),
      conns: [...this.model.conns.values()].map((c) => ({ ...c, steps: [...c.steps], listChanged: { ...c.listChanged } })),
      eventCount: this.model.count,
      backlog: this.welcome ? Math.max(0, this.welcome.lastSeq - this.model.lastSeq) : 0,
      problems: this.problems,
      ...(this.journalStalled ? { journalStalled: this.journalStalled } : {}),
    };
  }
}
