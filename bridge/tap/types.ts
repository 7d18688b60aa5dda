/**
 * The seam between what a tap watches (a stdio pipe, an HTTP reverse proxy) and where its record
 * goes (a running bridge's `/ws/tap`, else the tap's own journal under the MCP Lens home).
 * Nothing here may slow or stop the bytes a host and its server exchange: a recorder takes an
 * event and returns at once; what it cannot record it says once, on the tap's stderr, and drops.
 */
import type { Eol, UnstampedEvent } from '../../protocol/envelope.js';
import type { LineStream } from '../lineRecord.js';

/** An event of the tapped connection, before the recorder gives it its connection and stamp. */
export type TapUnstamped = UnstampedEvent extends infer E ? (E extends UnstampedEvent ? Omit<E, 'conn'> : never) : never;

export interface TapRecorder {
  /** The connection id the events are recorded under (`tap-<id>`). */
  readonly conn: string;
  /** Records one event; `at` defaults to now (epoch-aligned monotonic ms). Never throws. */
  record(event: TapUnstamped, at?: number): void;
  /** Records one line as the bridge records a server's lines: text when UTF-8, else base64. Never throws. */
  line(stream: LineStream, bytes: Buffer, eol: Eol, at?: number): void;
  /**
   * The host named itself (its first request's client info): a bridge that joins later is told
   * in the spawn it gets, even when the request itself went to another bridge's record.
   */
  nameHost?(host: { name: string; version?: string }): void;
  /** Sends or writes what is pending, then lets go of the socket and the journal. */
  close(): Promise<void>;
}
