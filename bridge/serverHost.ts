/**
 * Every server connection of a bridge (or of a headless run), whatever its transport: a stdio
 * server is the process host's, an HTTP one the HTTP host's. A connection id belongs to the
 * transport it was last opened with, so a stopped connection may be opened again either way.
 */
import type { ConnectionConfig, StopReason } from '../protocol/envelope.js';
import { HttpHost, type HttpRequestInput } from './httpHost.js';
import { ProcessHost, type ProcessHostOptions } from './processHost.js';
import type { KnownSecrets } from './knownSecrets.js';
import type { OAuthHost } from './oauth/oauthHost.js';

export class ServerHost {
  readonly processes: ProcessHost;
  readonly http: HttpHost;
  private readonly transport = new Map<string, 'stdio' | 'http'>();

  constructor(
    private readonly options: ProcessHostOptions,
    /** Told every config opened, before anything of it is recorded: its values are masked wherever they turn up. */
    private readonly secrets?: KnownSecrets,
    /** The OAuth client HTTP connections use on a 401 (none: the 401 is the answer). */
    readonly oauth?: OAuthHost,
  ) {
    this.processes = new ProcessHost(options);
    this.http = new HttpHost({
      record: options.record,
      ...(oauth ? { oauth } : {}),
      onSecret: (value) => secrets?.learnValue(value),
      ...(options.recordLine ? { recordLine: options.recordLine } : {}),
      ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
    });
  }

  has(conn: string): boolean {
    return this.transport.has(conn);
  }

  isAlive(conn: string): boolean {
    return this.processes.isAlive(conn) || this.http.isAlive(conn);
  }

  liveConns(): string[] {
    return [...this.processes.liveConns(), ...this.http.liveConns()];
  }

  isHttp(conn: string): boolean {
    return this.transport.get(conn) === 'http';
  }

  /** Starts a stdio server, or opens an HTTP connection (nothing is sent until a request). */
  spawn(conn: string, config: ConnectionConfig, label?: string): void {
    this.secrets?.learn(config);
    if (config.transport === 'http' && config.oauth?.clientSecret !== undefined) this.secrets?.learnValue(config.oauth.clientSecret);
    if (config.transport === 'http') {
      this.transport.set(conn, 'http');
      this.http.open(conn, config, label);
      return;
    }
    this.transport.set(conn, 'stdio');
    this.processes.spawn(conn, config, label);
  }

  /** A line for a stdio server's stdin; an HTTP connection takes its messages as requests. */
  send(conn: string, bytes: Buffer): boolean {
    if (this.isHttp(conn)) {
      this.options.record({
        kind: 'notice',
        conn,
        level: 'error',
        message: 'not sent: an HTTP connection takes each message as an HTTP request',
      });
      return false;
    }
    return this.processes.send(conn, bytes);
  }

  request(conn: string, input: HttpRequestInput): void {
    this.http.request(conn, input);
  }

  abort(conn: string, req: string, reason: string): void {
    this.http.abort(conn, req, reason);
  }

  stop(conn: string, reason: StopReason = 'user'): Promise<void> {
    this.oauth?.release(conn);
    return this.isHttp(conn) ? this.http.stop(conn, reason) : this.processes.stop(conn, reason);
  }

  async stopAll(reason: StopReason = 'user'): Promise<void> {
    await Promise.all([this.processes.stopAll(reason), this.http.stopAll(reason)]);
  }

  async shutdown(): Promise<void> {
    await Promise.all([this.processes.shutdown(), this.http.shutdown()]);
  }

  killAllSync(): void {
    this.processes.killAllSync();
  }
}
