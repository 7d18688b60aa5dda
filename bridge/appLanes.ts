/**
 * The lanes of the MCP Apps the app renders: which connection ids are app lanes, so that an
 * app's messages are journaled only on a lane opened for them, and no command meant for a
 * server (spawn, send, stop) reaches a lane, nor an app's line a server's connection.
 */
import type { AppLaneConfig, Eol, UnstampedEvent } from '../protocol/envelope.js';
import type { LineStream } from './lineRecord.js';

export interface AppLaneRecorder {
  record: (event: UnstampedEvent) => void;
  recordLine: (conn: string, stream: LineStream, bytes: Buffer, eol: Eol) => void;
}

export class AppLanes {
  private readonly open = new Set<string>();
  private readonly ever = new Set<string>();

  constructor(private readonly out: AppLaneRecorder) {}

  /** An app lane, open or closed: no server command may use its id. */
  owns(conn: string): boolean {
    return this.ever.has(conn);
  }

  /** Refusal text, or undefined once the lane is open and its start journaled. */
  openLane(conn: string, config: AppLaneConfig, taken: (conn: string) => boolean): string | undefined {
    if (this.ever.has(conn) || taken(conn)) return `app-open refused: ${conn} is already a connection's id`;
    this.ever.add(conn);
    this.open.add(conn);
    this.out.record({ kind: 'spawn', conn, config, label: config.uri });
    return undefined;
  }

  /** A message between the app and MCP Lens, as one line of the lane: the app's own on stdin. */
  line(conn: string, dir: 'from-app' | 'to-app', text: string): string | undefined {
    if (!this.open.has(conn)) return `app-line refused: ${conn} is not an open app lane`;
    // One message, one line: JSON written out has its newlines escaped, so a raw one is not a message.
    if (/[\r\n]/.test(text)) return 'app-line refused: a message is one line (JSON with no raw newline)';
    this.out.recordLine(conn, dir === 'from-app' ? 'stdin' : 'stdout', Buffer.from(text, 'utf8'), '\n');
    return undefined;
  }

  close(conn: string, reason: string | undefined): string | undefined {
    if (!this.open.delete(conn)) return `app-close refused: ${conn} is not an open app lane`;
    this.out.record({ kind: 'exit', conn, code: 0, signal: null, requested: true });
    if (reason !== undefined) this.out.record({ kind: 'notice', conn, level: 'info', message: `app torn down: ${reason}` });
    return undefined;
  }
}
