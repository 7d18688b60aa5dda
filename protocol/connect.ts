/**
 * Opening a conversation, as a pure state machine: the host (the app or the CLI) feeds it
 * what arrives and carries out the actions it returns (send a frame, arm a timer, restart
 * the server). Every decision is also returned as a visible step, so the user sees the probe
 * and the fallback rather than a silent guess.
 */
import type { Classified, JsonRpcId } from './jsonrpc.js';
import { errorCodeName } from './jsonrpc.js';
import {
  LATEST_HANDSHAKE_VERSION,
  META_KEYS,
  STATELESS_VERSION,
  discoverRequest,
  initializeRequest,
  initializedNotification,
  type ClientInfo,
  type Flow,
  type FlowChoice,
  type Frame,
} from './flows.js';

export interface Connected {
  flow: Flow;
  protocolVersion: string;
  serverInfo?: unknown;
  capabilities?: unknown;
  instructions?: string;
  supportedVersions?: string[];
}

export type ConnectAction =
  | { type: 'send'; frame: Frame }
  | { type: 'wait'; ms: number }
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
  /** How long auto waits for server/discover before deciding the server is not stateless. */
  probeTimeoutMs?: number;
  /** How long any other opening request may take. */
  timeoutMs?: number;
}

type Phase =
  | { name: 'idle' }
  | { name: 'discover'; id: JsonRpcId; version: string; probing: boolean; retried: boolean }
  | { name: 'initialize'; id: JsonRpcId; version: string }
  | { name: 'restarting' }
  | { name: 'done' };

export class Connector {
  private phase: Phase = { name: 'idle' };

  constructor(
    readonly choice: FlowChoice,
    private readonly options: ConnectOptions,
  ) {}

  get finished(): boolean {
    return this.phase.name === 'done';
  }

  /** The id of the opening request in flight, if any. */
  get pendingId(): JsonRpcId | undefined {
    return this.phase.name === 'discover' || this.phase.name === 'initialize' ? this.phase.id : undefined;
  }

  start(): ConnectAction[] {
    switch (this.choice) {
      case 'handshake':
        return this.sendInitialize();
      case 'stateless': {
        const version = this.options.protocolVersion ?? STATELESS_VERSION;
        if (this.options.discover === false) {
          this.phase = { name: 'done' };
          return [
            { type: 'step', text: 'stateless flow: no handshake; server/discover skipped, every request carries the _meta envelope' },
            { type: 'connected', outcome: { flow: 'stateless', protocolVersion: version } },
          ];
        }
        return [
          { type: 'step', text: 'stateless flow: no handshake; server/discover asks who the server is' },
          ...this.sendDiscover(version, false, false),
        ];
      }
      case 'auto':
        return [
          { type: 'step', text: 'auto: probing with server/discover; a 2026-07-28 server answers it, an older one does not' },
          ...this.sendDiscover(this.options.protocolVersion ?? STATELESS_VERSION, true, false),
        ];
      default: {
        const never: never = this.choice;
        return never;
      }
    }
  }

  /** Feed every message from the server; only the answer to the pending request matters here. */
  onMessage(message: Classified): ConnectAction[] {
    const phase = this.phase;
    if (phase.name !== 'discover' && phase.name !== 'initialize') return [];
    if (message.kind !== 'result' && message.kind !== 'error') return [];
    if (message.id !== phase.id) return [];
    if (phase.name === 'initialize') return this.onInitializeAnswer(phase, message);
    return this.onDiscoverAnswer(phase, message);
  }

  onTimeout(): ConnectAction[] {
    const phase = this.phase;
    if (phase.name === 'discover' && phase.probing) {
      return [
        { type: 'step', text: `no answer to server/discover within ${this.probeTimeout} ms: treating the server as a handshake server` },
        ...this.sendInitialize(),
      ];
    }
    if (phase.name === 'discover' || phase.name === 'initialize') {
      const method = phase.name === 'discover' ? 'server/discover' : 'initialize';
      return this.fail(`no answer to ${method} within ${this.timeout} ms`);
    }
    return [];
  }

  onExit(): ConnectAction[] {
    const phase = this.phase;
    if (phase.name === 'discover' && phase.probing) {
      this.phase = { name: 'restarting' };
      return [
        { type: 'step', text: 'the server exited on server/discover: it is not a stateless server; restarting it for the handshake' },
        { type: 'restart', reason: 'server exited on the probe' },
      ];
    }
    if (phase.name === 'discover' || phase.name === 'initialize') {
      const method = phase.name === 'discover' ? 'server/discover' : 'initialize';
      return this.fail(`the server exited before answering ${method}`);
    }
    return [];
  }

  onRestarted(): ConnectAction[] {
    if (this.phase.name !== 'restarting') return [];
    return this.sendInitialize();
  }

  private get probeTimeout(): number {
    return this.options.probeTimeoutMs ?? 3000;
  }

  private get timeout(): number {
    return this.options.timeoutMs ?? 30_000;
  }

  private sendDiscover(version: string, probing: boolean, retried: boolean): ConnectAction[] {
    const id = this.options.nextId();
    this.phase = { name: 'discover', id, version, probing, retried };
    const frame = discoverRequest(id, {
      protocolVersion: version,
      capabilities: this.options.capabilities ?? {},
      ...(this.options.clientInfo ? { clientInfo: this.options.clientInfo } : {}),
    });
    return [
      { type: 'send', frame },
      { type: 'wait', ms: probing ? this.probeTimeout : this.timeout },
    ];
  }

  private sendInitialize(): ConnectAction[] {
    const id = this.options.nextId();
    const version = this.choice === 'handshake' ? (this.options.protocolVersion ?? LATEST_HANDSHAKE_VERSION) : LATEST_HANDSHAKE_VERSION;
    this.phase = { name: 'initialize', id, version };
    const frame = initializeRequest(id, {
      protocolVersion: version,
      capabilities: this.options.capabilities ?? {},
      ...(this.options.clientInfo ? { clientInfo: this.options.clientInfo } : {}),
    });
    return [
      { type: 'send', frame },
      { type: 'wait', ms: this.timeout },
    ];
  }

  private onInitializeAnswer(phase: Extract<Phase, { name: 'initialize' }>, message: Classified): ConnectAction[] {
    if (message.kind === 'error') {
      const { code, message: text, data } = message.error;
      const supported = supportedVersions(data);
      const hint = supported ? ` (the server supports ${supported.join(', ')})` : '';
      return this.fail(`initialize failed: ${code} ${errorCodeName(code)}: ${text}${hint}`);
    }
    if (message.kind !== 'result') return [];
    const result = asRecord(message.result);
    const chosen = typeof result.protocolVersion === 'string' ? result.protocolVersion : phase.version;
    const actions: ConnectAction[] = [];
    if (chosen !== phase.version) {
      actions.push({ type: 'step', text: `asked for ${phase.version}; the server chose ${chosen}` });
    }
    this.phase = { name: 'done' };
    actions.push({ type: 'send', frame: initializedNotification() });
    actions.push({
      type: 'connected',
      outcome: {
        flow: 'handshake',
        protocolVersion: chosen,
        serverInfo: result.serverInfo,
        capabilities: result.capabilities,
        ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
      },
    });
    return actions;
  }

  private onDiscoverAnswer(phase: Extract<Phase, { name: 'discover' }>, message: Classified): ConnectAction[] {
    if (message.kind === 'result') {
      const result = asRecord(message.result);
      const versions = Array.isArray(result.supportedVersions)
        ? result.supportedVersions.filter((v): v is string => typeof v === 'string')
        : [];
      if (!versions.includes(phase.version)) {
        const list = versions.length > 0 ? versions.join(', ') : 'none';
        if (phase.probing && versions.length === 0) {
          return [
            { type: 'step', text: 'server/discover listed no supported version: falling back to the handshake' },
            ...this.sendInitialize(),
          ];
        }
        return this.fail(`server/discover lists versions ${list}, not ${phase.version}`);
      }
      const meta = asRecord(result._meta);
      this.phase = { name: 'done' };
      return [
        ...(phase.probing ? [{ type: 'step' as const, text: 'server/discover answered: the server speaks the stateless flow' }] : []),
        {
          type: 'connected',
          outcome: {
            flow: 'stateless',
            protocolVersion: phase.version,
            serverInfo: meta[META_KEYS.serverInfo],
            capabilities: result.capabilities,
            supportedVersions: versions,
            ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
          },
        },
      ];
    }
    if (message.kind !== 'error') return [];
    const { code, message: text, data } = message.error;
    if (code === -32022) {
      const supported = supportedVersions(data) ?? [];
      const usable = supported.find((v) => v >= STATELESS_VERSION);
      if (this.options.protocolVersion !== undefined && this.choice !== 'auto') {
        return this.fail(
          `the server does not support ${phase.version} (-32022); it supports ${supported.join(', ') || 'no version it named'}`,
        );
      }
      if (usable && !phase.retried) {
        return [
          { type: 'step', text: `-32022: the server does not support ${phase.version}; retrying with ${usable} from its list` },
          ...this.sendDiscover(usable, phase.probing, true),
        ];
      }
      return this.fail(`-32022 Unsupported protocol version: the server supports ${supported.join(', ') || 'no version it named'}`);
    }
    if (phase.probing) {
      return [
        {
          type: 'step',
          text: `server/discover answered ${code} (${errorCodeName(code)}): not a stateless server; falling back to the handshake`,
        },
        ...this.sendInitialize(),
      ];
    }
    if (code === -32601) {
      return this.fail(
        `this server does not speak the stateless flow (2026-07-28): server/discover answered -32601 Method not found; connect with the handshake flow`,
      );
    }
    return this.fail(`server/discover failed: ${code} ${errorCodeName(code)}: ${text}`);
  }

  private fail(reason: string): ConnectAction[] {
    this.phase = { name: 'done' };
    return [{ type: 'failed', reason }];
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function supportedVersions(data: unknown): string[] | undefined {
  const list = asRecord(data).supported;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : undefined;
}
