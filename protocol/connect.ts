/**
 * Opening a conversation, as a pure state machine: the host (the app or the CLI) feeds it
 * what arrives and carries out the actions it returns (send a frame, arm a timer, restart
 * the server). Every decision is also returned as a visible step, so the user sees the probe
 * and the fallback rather than a silent guess.
 *
 * Auto must not depend on how fast a server starts: the probe timer also runs while the server
 * is still starting, so when it ends initialize is sent but server/discover stays pending, and
 * whichever answer comes first decides (see onRaceAnswer).
 */
import type { Classified, JsonRpcId } from './jsonrpc.js';
import type { AuthEvent } from './envelope.js';
import { AUTHORIZATION_WAIT_MS } from './oauth/timing.js';
import { errorCodeName } from './jsonrpc.js';
import {
  LATEST_HANDSHAKE_VERSION,
  STATELESS_VERSION,
  discoverRequest,
  initializeRequest,
  initializedNotification,
  notification,
  type FlowChoice,
} from './flows.js';
import { flowOfVersion, pickVersion, refusedHandshakeVersion, versionList } from './versions.js';
import { StderrTail, exitHow, type ServerExit } from './serverExit.js';
import { StdoutWatch } from './stdoutWatch.js';
import type { Connected, ConnectAction, ConnectOptions, Phase, Verdict } from './connectTypes.js';
import { asRecord, brokenAnswer, judgeDiscoverResult, judgeUnsupported, openingParams, statelessOutcome } from './connectVerdicts.js';

export type { ServerExit } from './serverExit.js';
export type { Connected, ConnectAction, ConnectOptions, ReplyFrame } from './connectTypes.js';

export class Connector {
  private phase: Phase = { name: 'idle' };
  private readonly stderr = new StderrTail();
  private readonly stdout = new StdoutWatch();

  constructor(
    readonly choice: FlowChoice,
    private readonly options: ConnectOptions,
  ) {}

  get finished(): boolean {
    return this.phase.name === 'done';
  }

  /** The id of the opening request in flight, if any (server/discover while both are out). */
  get pendingId(): JsonRpcId | undefined {
    const phase = this.phase;
    if (phase.name === 'race') return phase.stateless ? phase.init.id : phase.discover.id;
    return phase.name === 'discover' || phase.name === 'initialize' ? phase.id : undefined;
  }

  start(): ConnectAction[] {
    const pinned = this.options.protocolVersion;
    switch (this.choice) {
      case 'handshake':
        return this.sendInitialize(pinned ?? LATEST_HANDSHAKE_VERSION);
      case 'stateless': {
        const version = pinned ?? STATELESS_VERSION;
        if (this.options.discover === false) {
          this.phase = { name: 'done' };
          return [
            { type: 'step', text: 'stateless flow: no handshake; server/discover skipped, every request carries the _meta envelope' },
            { type: 'connected', outcome: { flow: 'stateless', protocolVersion: version } },
          ];
        }
        return [
          { type: 'step', text: 'stateless flow: no handshake; server/discover asks who the server is' },
          ...this.sendDiscover(version, false),
        ];
      }
      case 'auto':
        if (pinned !== undefined && flowOfVersion(pinned) === 'handshake') {
          return [
            { type: 'step', text: `auto: the pinned ${pinned} is a handshake version, so no probe: initialize asks for it` },
            ...this.sendInitialize(pinned),
          ];
        }
        if (pinned !== undefined) {
          return [
            {
              type: 'step',
              text: `auto: the pinned ${pinned} is a stateless version: server/discover with it, and no fallback to the handshake`,
            },
            ...this.sendDiscover(pinned, false),
          ];
        }
        return [
          { type: 'step', text: 'auto: probing with server/discover; a 2026-07-28 server answers it, an older one does not' },
          ...this.sendDiscover(STATELESS_VERSION, true),
        ];
      default: {
        const never: never = this.choice;
        return never;
      }
    }
  }

  /**
   * Feed every message from the server: answers to the opening requests, and its pings. `text`:
   * the line as written, so a line that is not JSON-RPC can be shown when it is named.
   */
  onMessage(message: Classified, text?: string): ConnectAction[] {
    const phase = this.phase;
    if (phase.name !== 'discover' && phase.name !== 'initialize' && phase.name !== 'race') return [];
    const notRpc = this.options.transport === 'http' ? undefined : this.stdout.onLine(message, text);
    const answered = this.onOpeningMessage(phase, message);
    return notRpc === undefined ? answered : [{ type: 'step', text: notRpc }, ...answered];
  }

  private onOpeningMessage(phase: Extract<Phase, { name: 'discover' | 'initialize' | 'race' }>, message: Classified): ConnectAction[] {
    if (message.kind === 'request') return this.onServerRequest(message.id, message.method);
    if (message.kind === 'invalid') return this.onInvalidAnswer(phase, message);
    if (message.kind !== 'result' && message.kind !== 'error') return [];
    if (phase.name === 'race') return this.onRaceAnswer(phase, message);
    if (message.id !== phase.id) return [];
    if (phase.name === 'initialize') return this.onInitializeAnswer(phase, message);
    return this.onDiscoverAnswer(phase, message);
  }

  /**
   * A response to an opening request that breaks JSON-RPC (both result and error, say) will
   * never be followed by a valid one: say so now rather than wait out the connect timeout.
   */
  private onInvalidAnswer(
    phase: Extract<Phase, { name: 'discover' | 'initialize' | 'race' }>,
    message: Extract<Classified, { kind: 'invalid' }>,
  ): ConnectAction[] {
    const verdict = brokenAnswer(phase, message);
    if (verdict === undefined) return [];
    return 'fail' in verdict ? this.fail(verdict.fail) : [{ type: 'step', text: verdict.step }, ...this.connect(verdict.connected)];
  }

  /**
   * Feed every step of an OAuth flow the opening request met: the flow is the server's answer
   * under way, so each step starts the wait again; while the user is in the browser, the wait is
   * as long as the authorization may take (the callback's state lives that long).
   */
  onAuth(phase: AuthEvent['phase']): ConnectAction[] {
    if (this.finished) return [];
    return [{ type: 'wait', ms: phase === 'waiting' ? AUTHORIZATION_WAIT_MS + this.timeout : this.timeout }];
  }

  /** Feed every stderr line, so a server dying while connecting can be explained. */
  onStderr(text: string): void {
    this.stderr.push(text);
  }

  onTimeout(): ConnectAction[] {
    const phase = this.phase;
    switch (phase.name) {
      case 'discover':
        if (!phase.probing) return this.fail(`no answer to server/discover within ${this.timeout} ms${this.stdout.describe()}`);
        return this.startRace(phase);
      case 'initialize':
        return this.fail(`no answer to initialize within ${this.timeout} ms${this.stdout.describe()}`);
      case 'race':
        if (phase.stateless) {
          return [
            {
              type: 'step',
              text: `no answer to initialize within ${this.timeout} ms: staying with the stateless flow server/discover showed`,
            },
            ...this.connect(phase.stateless),
          ];
        }
        if (phase.refused) return this.fail(`no answer to server/discover within ${this.timeout} ms (initialize got ${phase.refused})`);
        return this.fail(`no answer to server/discover or initialize within ${this.timeout} ms${this.stdout.describe()}`);
      case 'idle':
      case 'restarting':
      case 'done':
        return [];
      default: {
        const never: never = phase;
        return never;
      }
    }
  }

  onExit(exit: ServerExit): ConnectAction[] {
    const phase = this.phase;
    const probing = (phase.name === 'discover' && phase.probing) || (phase.name === 'race' && !phase.stateless && !phase.refused);
    if (probing) {
      this.phase = { name: 'restarting', next: 'initialize', version: LATEST_HANDSHAKE_VERSION };
      return [
        {
          type: 'step',
          text: `the server exited on server/discover (${exitHow(exit)}): it is not a stateless server; restarting it for the handshake`,
        },
        { type: 'restart', reason: 'server exited on the probe' },
      ];
    }
    if (phase.name === 'discover' || phase.name === 'initialize' || phase.name === 'race') {
      const method = phase.name === 'initialize' || (phase.name === 'race' && phase.stateless) ? 'initialize' : 'server/discover';
      return this.fail(`the server exited ${exitHow(exit)} before answering ${method}${this.stderr.describe()}`);
    }
    return [];
  }

  /**
   * HTTP: the exchange that carried an opening request ended without its answer (an error
   * status whose body answers nothing, a refused connection, a redirect not followed). For auto's
   * probe that is the spec's verdict for an older server (a modern one answers with a JSON-RPC
   * error it recognises), so the handshake follows at once rather than after the probe timer.
   */
  onRequestFailed(id: JsonRpcId, reason: string, unreachable = true): ConnectAction[] {
    const phase = this.phase;
    switch (phase.name) {
      case 'discover':
        if (id !== phase.id) return [];
        if (phase.probing)
          return [
            {
              type: 'step',
              text: `server/discover got no answer over HTTP (${reason}): not a stateless server; falling back to the handshake`,
            },
            ...this.sendInitialize(LATEST_HANDSHAKE_VERSION),
          ];
        // The server answered, only not with a JSON-RPC answer: a handshake-only server (the SDK's says 400).
        if (!unreachable)
          return this.fail(
            `this server does not speak the stateless flow (2026-07-28): server/discover answered ${reason}; connect with the handshake flow`,
          );
        return this.fail(`server/discover got no answer over HTTP: ${reason}`);
      case 'initialize':
        return id === phase.id ? this.fail(`initialize got no answer over HTTP: ${reason}`) : [];
      case 'race':
        if (id === phase.init.id) {
          if (phase.stateless)
            return [
              { type: 'step', text: `initialize got no answer over HTTP (${reason}): the stateless flow` },
              ...this.connect(phase.stateless),
            ];
          this.phase = { ...phase, refused: reason };
          return [{ type: 'step', text: `initialize got no answer over HTTP (${reason}): waiting for the answer to server/discover` }];
        }
        if (id !== phase.discover.id || phase.stateless) return [];
        if (phase.refused) return this.fail(`server/discover and initialize both got no answer over HTTP: ${reason}; ${phase.refused}`);
        this.phase = { name: 'initialize', ...phase.init };
        return [
          {
            type: 'step',
            text: `server/discover got no answer over HTTP (${reason}): not a stateless server; the initialize already sent decides`,
          },
        ];
      case 'idle':
      case 'restarting':
      case 'done':
        return [];
      default: {
        const never: never = phase;
        return never;
      }
    }
  }

  onRestarted(): ConnectAction[] {
    const phase = this.phase;
    if (phase.name !== 'restarting') return [];
    this.stderr.clear();
    this.stdout.clear();
    return phase.next === 'initialize' ? this.sendInitialize(phase.version) : this.sendDiscover(phase.version, false);
  }

  private get probeTimeout(): number {
    return this.options.probeTimeoutMs ?? 3000;
  }

  private get timeout(): number {
    return this.options.timeoutMs ?? 30_000;
  }

  private get pinned(): boolean {
    return this.options.protocolVersion !== undefined;
  }

  private sendDiscover(version: string, probing: boolean, retried = false): ConnectAction[] {
    const id = this.options.nextId();
    this.phase = { name: 'discover', id, version, probing, ...(retried ? { retried } : {}) };
    return [
      { type: 'send', frame: discoverRequest(id, openingParams(this.options, version)) },
      { type: 'wait', ms: probing ? this.probeTimeout : this.timeout },
    ];
  }

  private sendInitialize(version: string): ConnectAction[] {
    const id = this.options.nextId();
    this.phase = { name: 'initialize', id, version };
    return [
      { type: 'send', frame: initializeRequest(id, openingParams(this.options, version)) },
      { type: 'wait', ms: this.timeout },
    ];
  }

  /** The probe timer ended: maybe an old server, maybe one still starting. Ask both ways. */
  private startRace(phase: Extract<Phase, { name: 'discover' }>): ConnectAction[] {
    const init = { id: this.options.nextId(), version: LATEST_HANDSHAKE_VERSION };
    this.phase = { name: 'race', discover: { id: phase.id, version: phase.version }, init };
    return [
      {
        type: 'step',
        text: `no answer to server/discover within ${this.probeTimeout} ms: sending initialize too; server/discover stays open, and whichever answer comes first decides (a server still starting answers both in turn)`,
      },
      { type: 'send', frame: initializeRequest(init.id, openingParams(this.options, init.version)) },
      { type: 'wait', ms: this.timeout },
    ];
  }

  /** 2025-11-25 lets a server ping before it answers initialize; the stateless flow has no client responses. */
  private onServerRequest(id: JsonRpcId, method: string): ConnectAction[] {
    if (method !== 'ping' || this.choice === 'stateless') return [];
    return [
      { type: 'step', text: 'the server sent ping while the opening was under way: answered' },
      { type: 'send', frame: { jsonrpc: '2.0', id, result: {} } },
    ];
  }

  private onInitializeAnswer(phase: Extract<Phase, { name: 'initialize' }>, message: Classified): ConnectAction[] {
    if (message.kind === 'error') {
      const { code, message: text, data } = message.error;
      const supported = versionList(asRecord(data).supported);
      const hint = supported ? ` (the server supports ${supported.join(', ')})` : '';
      return this.fail(`initialize failed: ${code} ${errorCodeName(code)}: ${text}${hint}`);
    }
    if (message.kind !== 'result') return [];
    return this.completeHandshake(phase.version, message.result, []);
  }

  private completeHandshake(asked: string, value: unknown, extra: ConnectAction[]): ConnectAction[] {
    const result = asRecord(value);
    const chosen = typeof result.protocolVersion === 'string' ? result.protocolVersion : asked;
    const refused = refusedHandshakeVersion(chosen);
    if (refused !== undefined) return this.fail(refused);
    const actions: ConnectAction[] = [];
    if (chosen !== asked) actions.push({ type: 'step', text: `asked for ${asked}; the server chose ${chosen}` });
    actions.push({ type: 'send', frame: initializedNotification() }, ...extra);
    return [
      ...actions,
      ...this.connect({
        flow: 'handshake',
        protocolVersion: chosen,
        serverInfo: result.serverInfo,
        capabilities: result.capabilities,
        ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
      }),
    ];
  }

  private onDiscoverAnswer(phase: Extract<Phase, { name: 'discover' }>, message: Classified): ConnectAction[] {
    // Only auto's own probe may fall back; a pinned version or the stateless flow stands or fails.
    const mayFallBack = phase.probing;
    if (message.kind === 'result') {
      const verdict = judgeDiscoverResult(phase.version, message.result, mayFallBack, this.pinned);
      switch (verdict.kind) {
        case 'stateless':
          return [
            ...(phase.probing ? [{ type: 'step' as const, text: 'server/discover answered: the server speaks the stateless flow' }] : []),
            ...(verdict.note ? [{ type: 'step' as const, text: verdict.note }] : []),
            ...this.connect(statelessOutcome(verdict.version, message.result)),
          ];
        case 'handshake':
          return [{ type: 'step', text: `${verdict.why}: falling back to the handshake` }, ...this.sendInitialize(verdict.version)];
        case 'fail':
          return this.fail(verdict.reason);
        default: {
          const never: never = verdict;
          return never;
        }
      }
    }
    if (message.kind !== 'error') return [];
    const { code, message: text, data } = message.error;
    if (code === -32022) {
      // A modern refusal naming the versions the server supports: one corrective retry with
      // one of them this client implements, even the version just asked (the server may have
      // refused the request for a reason of its own). A pinned version is asked again only as itself.
      const retry = phase.retried ? undefined : pickVersion(versionList(asRecord(data).supported) ?? [], 'stateless');
      if (retry !== undefined && (!this.pinned || retry === phase.version))
        return [
          {
            type: 'step',
            text: `server/discover answered -32022 naming ${retry} among the versions it supports: asking again with ${retry}`,
          },
          ...this.sendDiscover(retry, phase.probing, true),
        ];
      const verdict = judgeUnsupported(phase.version, data, mayFallBack, this.pinned);
      if (verdict.kind === 'handshake')
        return [{ type: 'step', text: `${verdict.why}: falling back to the handshake` }, ...this.sendInitialize(verdict.version)];
      return this.fail(verdict.kind === 'fail' ? verdict.reason : `-32022 Unsupported protocol version`);
    }
    if (phase.probing) {
      return [
        {
          type: 'step',
          text: `server/discover answered ${code} (${errorCodeName(code)}): not a stateless server; falling back to the handshake`,
        },
        ...this.sendInitialize(LATEST_HANDSHAKE_VERSION),
      ];
    }
    if (code === -32601) {
      return this.fail(
        `this server does not speak the stateless flow (2026-07-28): server/discover answered -32601 Method not found; connect with the handshake flow`,
      );
    }
    return this.fail(`server/discover failed: ${code} ${errorCodeName(code)}: ${text}`);
  }

  /**
   * Both requests are out. A stdio server answers in turn, mostly: the SDK v2 refuses a
   * claim-less initialize with -32022 at once, ahead of a discover result still being built.
   * - discover result first: stateless; then await initialize. Refused (-32022 or any error):
   *   stateless. Accepted: the server serves both flows and may have pinned its process to the
   *   handshake (SDK v2 servers do), so restart it and open statelessly from the start.
   * - discover error first: the handshake, answered by the initialize already out.
   * - initialize result first: the handshake; the probe is cancelled.
   * - initialize -32022 first: a stateless-only server, so wait on for server/discover.
   */
  private onRaceAnswer(
    phase: Extract<Phase, { name: 'race' }>,
    message: Extract<Classified, { kind: 'result' | 'error' }>,
  ): ConnectAction[] {
    if (message.id === phase.init.id) return this.onRaceInitialize(phase, message);
    if (message.id !== phase.discover.id || phase.stateless) return [];

    let verdict: Verdict;
    if (message.kind === 'result') verdict = judgeDiscoverResult(phase.discover.version, message.result, true, this.pinned);
    else if (message.error.code === -32022) verdict = judgeUnsupported(phase.discover.version, message.error.data, true, this.pinned);
    else {
      const { code } = message.error;
      verdict = { kind: 'handshake', version: phase.init.version, why: `server/discover answered ${code} (${errorCodeName(code)})` };
    }
    switch (verdict.kind) {
      case 'stateless': {
        const outcome = statelessOutcome(verdict.version, message.kind === 'result' ? message.result : undefined);
        if (phase.refused) {
          return [
            { type: 'step', text: 'server/discover answered: the server speaks the stateless flow (it refused initialize)' },
            ...this.connect(outcome),
          ];
        }
        this.phase = { ...phase, stateless: outcome };
        return [
          {
            type: 'step',
            text: 'server/discover answered: the server speaks the stateless flow; waiting for its answer to the initialize sent meanwhile',
          },
          { type: 'wait', ms: this.timeout },
        ];
      }
      case 'handshake':
        if (phase.refused) return this.fail(`${verdict.why}, and initialize got ${phase.refused}`);
        this.phase = { name: 'initialize', ...phase.init };
        return [
          { type: 'step', text: `${verdict.why}: not a stateless server; the initialize already sent decides` },
          { type: 'wait', ms: this.timeout },
        ];
      case 'fail':
        return this.fail(verdict.reason);
      default: {
        const never: never = verdict;
        return never;
      }
    }
  }

  private onRaceInitialize(
    phase: Extract<Phase, { name: 'race' }>,
    message: Extract<Classified, { kind: 'result' | 'error' }>,
  ): ConnectAction[] {
    if (message.kind === 'result') {
      if (phase.stateless) {
        this.phase = { name: 'restarting', next: 'server/discover', version: phase.stateless.protocolVersion };
        return [
          {
            type: 'step',
            text: 'the server also accepted initialize: it serves both flows and may have tied this process to the handshake; restarting it to open statelessly',
          },
          { type: 'restart', reason: 'the server accepted initialize as well as server/discover' },
        ];
      }
      const cancel = notification('notifications/cancelled', {
        requestId: phase.discover.id,
        reason: 'initialize was answered first: not a stateless server',
      });
      return [
        { type: 'step', text: 'initialize answered before server/discover: a handshake server; cancelling the probe' },
        ...this.completeHandshake(phase.init.version, message.result, [{ type: 'send', frame: cancel }]),
      ];
    }
    const { code, message: text } = message.error;
    if (phase.stateless) {
      return [
        { type: 'step', text: `initialize answered ${code} (${errorCodeName(code)}), as a stateless-only server does: the stateless flow` },
        ...this.connect(phase.stateless),
      ];
    }
    if (code === -32022) {
      this.phase = { ...phase, refused: `-32022 ${text}` };
      return [
        { type: 'step', text: 'initialize answered -32022: perhaps a stateless-only server; waiting for its answer to server/discover' },
        { type: 'wait', ms: this.timeout },
      ];
    }
    return this.fail(`initialize failed: ${code} ${errorCodeName(code)}: ${text}`);
  }

  private connect(outcome: Connected): ConnectAction[] {
    this.phase = { name: 'done' };
    return [{ type: 'connected', outcome }];
  }

  private fail(reason: string): ConnectAction[] {
    this.phase = { name: 'done' };
    return [{ type: 'failed', reason }];
  }
}
