/**
 * Runs the protocol's Connector for one server started from this tab: spawns it, feeds the
 * connector what the server says, carries out its actions and journals each decision as a
 * note, so the steps show in the log and survive a reload.
 */
import type { BridgeEvent, ServerConfig } from '../../../protocol/envelope.js';
import { Connector, type ConnectAction } from '../../../protocol/connect.js';
import { encodeFrame, type FlowChoice } from '../../../protocol/flows.js';
import { classifyText } from '../../../protocol/jsonrpc.js';
import { NOTE_TOPICS } from '../../../protocol/session.js';
import type { BridgeSocket } from './bridgeSocket.js';

export interface DriverOptions {
  /** False: launch the server and send nothing; the user writes every line. */
  open?: boolean;
  protocolVersion?: string;
  discover?: boolean;
  capabilities?: Record<string, unknown>;
  probeTimeoutMs?: number;
}

export class ConnectionDriver {
  private readonly connector: Connector;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private awaitingSpawn = true;
  private restarting = false;
  private disposed = false;
  private readonly opens: boolean;

  constructor(
    readonly conn: string,
    private readonly config: ServerConfig,
    readonly choice: FlowChoice,
    options: DriverOptions,
    private readonly socket: BridgeSocket,
    private readonly label?: string,
  ) {
    this.opens = options.open !== false;
    this.connector = new Connector(choice, {
      nextId: () => this.nextId++,
      ...(options.protocolVersion ? { protocolVersion: options.protocolVersion } : {}),
      ...(options.discover === undefined ? {} : { discover: options.discover }),
      capabilities: options.capabilities ?? {},
      ...(options.probeTimeoutMs === undefined ? {} : { probeTimeoutMs: options.probeTimeoutMs }),
    });
  }

  /** The next request id on this connection; later requests share the connector's counter. */
  allocateId(): number {
    return this.nextId++;
  }

  start(): void {
    if (this.opens) this.note(NOTE_TOPICS.connecting, { choice: this.choice });
    this.spawn();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  onEvent(event: BridgeEvent): void {
    if (this.disposed || !this.opens || this.connector.finished) return;
    switch (event.kind) {
      case 'spawn':
        if (!this.awaitingSpawn) return;
        this.awaitingSpawn = false;
        this.run(this.restarting ? this.connector.onRestarted() : this.connector.start());
        this.restarting = false;
        return;
      case 'spawn-error':
        this.run([{ type: 'failed', reason: event.message }]);
        return;
      case 'line':
        if (event.stream === 'stdout' && event.text !== undefined) this.run(this.connector.onMessage(classifyText(event.text)));
        return;
      case 'exit':
        this.run(this.connector.onExit());
        return;
      case 'stop':
      case 'notice':
      case 'note':
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  }

  private spawn(): void {
    this.awaitingSpawn = true;
    this.socket.send({ type: 'spawn', conn: this.conn, config: this.config, ...(this.label ? { label: this.label } : {}) });
  }

  private run(actions: ConnectAction[]): void {
    for (const action of actions) {
      switch (action.type) {
        case 'send':
          this.socket.send({ type: 'send', conn: this.conn, text: encodeFrame(action.frame) });
          break;
        case 'wait':
          if (this.timer) clearTimeout(this.timer);
          this.timer = setTimeout(() => this.run(this.connector.onTimeout()), action.ms);
          break;
        case 'restart':
          this.restarting = true;
          this.spawn();
          break;
        case 'step':
          this.note(NOTE_TOPICS.step, { text: action.text });
          break;
        case 'connected':
          if (this.timer) clearTimeout(this.timer);
          this.note(NOTE_TOPICS.connected, { outcome: action.outcome });
          break;
        case 'failed':
          if (this.timer) clearTimeout(this.timer);
          this.note(NOTE_TOPICS.failed, { reason: action.reason });
          break;
        default: {
          const never: never = action;
          return never;
        }
      }
    }
  }

  private note(topic: string, data: unknown): void {
    this.socket.send({ type: 'note', conn: this.conn, topic, data });
  }
}
