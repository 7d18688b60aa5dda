/**
 * The bridge's side of `/ws/tap`: one tap's socket, one connection of a host's recorded in the
 * bridge's journal as it passes. The tap says which connection in its hello; the bridge names it
 * (`tap-<id>`), checks each event as it checks any, and journals it through the same masking as
 * its own. A tap can only add to the record of its own connection; the app's socket may not write
 * to, stop or restart a tapped connection (TapRegistry.owns).
 */
import type { WebSocket } from 'ws';
import type { Eol, UnstampedEvent } from '../../protocol/envelope.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../protocol/jsonDepth.js';
import { readTapEvent, tapConnId, tapFrameSchema, type TapHello, type TapReply } from '../../protocol/tap/tapFrames.js';
import type { LineStream } from '../lineRecord.js';

export interface TapSocketContext {
  session: string;
  taps: TapRegistry;
  record: (event: UnstampedEvent, at?: number) => void;
  recordLine: (conn: string, stream: LineStream, bytes: Buffer, eol: Eol, at?: number) => void;
}

/**
 * The largest frame a tap may send. A tap sends a bigger event (one huge line) to its own journal
 * and a notice naming it here, so a tap never has its socket closed for a server's line.
 */
export const TAP_MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** How long a tap has to say hello before its socket is closed. */
const HELLO_MS = 10_000;

/** The tapped connections of this bridge run: which are joined now, and which were ever seen. */
export class TapRegistry {
  private readonly seen = new Set<string>();
  private readonly live = new Map<string, WebSocket>();
  private readonly spawns = new Set<string>();
  private readonly exits = new Set<string>();

  /** Whether a connection is a host's, recorded by a tap: the app may only watch it. */
  owns(conn: string): boolean {
    return this.seen.has(conn) || conn.startsWith('tap-');
  }

  join(conn: string, ws: WebSocket): 'new' | 'again' | 'taken' {
    if (this.live.has(conn)) return 'taken';
    this.live.set(conn, ws);
    const again = this.seen.has(conn);
    this.seen.add(conn);
    return again ? 'again' : 'new';
  }

  spawned(conn: string): boolean {
    return this.spawns.has(conn);
  }

  markSpawned(conn: string): void {
    this.spawns.add(conn);
  }

  /** Whether the tapped server's exit is on record. */
  ended(conn: string): boolean {
    return this.exits.has(conn);
  }

  markEnded(conn: string): void {
    this.exits.add(conn);
  }

  leave(conn: string, ws: WebSocket): void {
    if (this.live.get(conn) === ws) this.live.delete(conn);
  }

  /** Closes every tap's socket (the bridge stopping): each tap goes on journaling by itself. */
  closeAll(): void {
    for (const ws of this.live.values()) ws.close(1001, 'bridge stopping');
    this.live.clear();
  }
}

export function serveTapSocket(ws: WebSocket, ctx: TapSocketContext): void {
  let conn: string | undefined;
  const reply = (frame: TapReply): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };
  const refuse = (message: string): void => {
    reply({ type: 'rejected', message });
    ws.close(1008, message.slice(0, 120));
  };
  const helloTimer = setTimeout(() => refuse('no hello'), HELLO_MS);
  helloTimer.unref();

  const hello = (frame: TapHello): void => {
    const id = tapConnId(frame.tap.id);
    const joined = ctx.taps.join(id, ws);
    if (joined === 'taken') return refuse(`${id} is already joined by another tap`);
    conn = id;
    clearTimeout(helloTimer);
    if (joined === 'again')
      ctx.record({
        kind: 'notice',
        conn,
        level: 'info',
        message: `the tap of ${conn} joined again${frame.journal ? `: what it saw meanwhile is in its journal ${frame.journal}, and follows` : ''}`,
      });
    reply({ type: 'welcome', conn, session: ctx.session });
  };

  ws.on('message', (data, isBinary) => {
    // Whatever a frame breaks costs that frame and this socket, never the bridge.
    try {
      onFrame(data as Buffer, isBinary);
    } catch (error) {
      refuse(`the bridge could not record that frame: ${(error as Error).message}`);
    }
  });
  const onFrame = (data: Buffer, isBinary: boolean): void => {
    if (isBinary) return refuse('a tap sends text frames');
    const text = data.toString();
    if (nestsDeeperThan(text)) return refuse(`frame nests deeper than ${MAX_JSON_DEPTH} levels`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return refuse('frame is not JSON');
    }
    const parsed = tapFrameSchema.safeParse(value);
    if (!parsed.success) return refuse(`not a tap frame: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const frame = parsed.data;
    if (frame.type === 'hello') {
      if (conn !== undefined) return refuse('hello, twice');
      return hello(frame);
    }
    if (conn === undefined) return refuse('events before hello');
    for (const input of frame.events) {
      const read = readTapEvent(input, conn);
      if (!read.ok) {
        // One bad event costs only itself, said where its connection's events are.
        ctx.record({
          kind: 'notice',
          conn,
          level: 'warn',
          message: `the tap sent an event that was not recorded: ${read.error.slice(0, 300)}`,
        });
        continue;
      }
      const event = read.event;
      // A spawn after the first join is the tap's hello again, not a new server.
      if (event.kind === 'spawn' && ctx.taps.spawned(conn)) continue;
      if (event.kind === 'line') {
        const bytes = event.text !== undefined ? Buffer.from(event.text, 'utf8') : Buffer.from(event.b64 ?? '', 'base64');
        ctx.recordLine(conn, event.stream, bytes, event.eol, input.at);
        continue;
      }
      const { seq: _seq, t: _t, ...unstamped } = event;
      ctx.record(unstamped as UnstampedEvent, input.at);
      if (event.kind === 'spawn') ctx.taps.markSpawned(conn);
      if (event.kind === 'exit') ctx.taps.markEnded(conn);
    }
  };
  const gone = (): void => {
    clearTimeout(helloTimer);
    if (conn === undefined) return;
    ctx.taps.leave(conn, ws);
    if (!ctx.taps.ended(conn))
      ctx.record({
        kind: 'notice',
        conn,
        level: 'info',
        message: `the tap's socket closed: the host's connection goes on unrecorded here (the tap journals it under the MCP Lens home)`,
      });
  };
  ws.on('close', gone);
  ws.on('error', () => undefined);
}
