/**
 * One browser socket: commands in, events out. Events are read from the journal, never
 * queued per socket, so a slow or absent browser costs the bridge no memory: it simply
 * falls behind on disk and catches up when its socket drains.
 */
import type { WebSocket } from 'ws';
import {
  clientCommandSchema,
  type ClientCommand,
  type JournalFrame,
  type UnstampedEvent,
  type WelcomeFrame,
} from '../protocol/envelope.js';
import type { Journal, JournalState } from './journal.js';
import type { ServerHost } from './serverHost.js';
import type { IdleStopper } from './idleStop.js';
import type { Access } from './security.js';
import type { FollowerView } from './followerView.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../protocol/jsonDepth.js';
import type { AppLanes } from './appLanes.js';

/** Most bytes a socket may have in flight before we wait for it to drain. */
const HIGH_WATER = 4 * 1024 * 1024;
/**
 * Target size of one events frame. The page handles each frame in one task (parse, session
 * model, hand-over to the timeline's worker): through a 200,000-line flood, frames of up to
 * 1 MiB came at about 250 KB each, and the page's 95th-percentile frame was 100-117 ms; at
 * 64 KiB it was 67-83 ms, with 16 KiB no better.
 */
const FRAME_BYTES = 64 * 1024;
const FRAME_HEAD = Buffer.from('{"type":"events","events":[');
const FRAME_TAIL = Buffer.from(']}');
const NOTHING = Buffer.alloc(0);
const COMMA = Buffer.from(',');
/** Most events a follower's frame is made of, each read on its own. */
const FOLLOWER_FRAME_EVENTS = 256;

export interface SocketContext {
  journal: Journal;
  host: ServerHost;
  idle: IdleStopper;
  welcome: () => WelcomeFrame;
  /** 'follow': a follower page's socket, which receives the events `follower` shows and may not act. */
  access: Access;
  follower: FollowerView;
  /** How an event of the app's (a note) is journaled: through the bridge's masking of known secrets. */
  record: (event: UnstampedEvent) => void;
  /** The connections taps record: a host's, which no command of the app's may touch. */
  taps?: { owns(conn: string): boolean };
  /** The lanes of rendered MCP Apps: only app commands reach them. */
  apps?: AppLanes;
}

const APP_COMMANDS = new Set<ClientCommand['type']>(['app-open', 'app-line', 'app-close']);

export function serveSocket(ws: WebSocket, ctx: SocketContext): void {
  const { journal, host, idle } = ctx;
  let nextSeq: number | undefined; // undefined until the client attaches
  let inFlight = 0;
  let pumping = false;

  const pump = (): void => {
    if (pumping || nextSeq === undefined) return;
    pumping = true;
    try {
      let at: number = nextSeq;
      while (at < journal.flushedCount && inFlight < HIGH_WATER && ws.readyState === ws.OPEN) {
        const read: { frame: Buffer; next: number } | undefined =
          ctx.access === 'follow' ? followerFrame(at) : journal.readFrame(at, FRAME_BYTES, FRAME_HEAD, FRAME_TAIL);
        if (read === undefined) {
          // Nothing more a follower may see: what is on disk was judged as it was journaled.
          at = journal.flushedCount;
          nextSeq = at;
          break;
        }
        const { frame, next } = read;
        at = next;
        nextSeq = next;
        const size = frame.length;
        inFlight += size;
        // A text frame made of the journal's own UTF-8 bytes.
        ws.send(frame, { binary: false }, () => {
          inFlight -= size;
          pump();
        });
      }
    } finally {
      pumping = false;
    }
  };
  /** The next events a follower may see, from `from` on, as one frame; undefined when there are none yet. */
  const followerFrame = (from: number): { frame: Buffer; next: number } | undefined => {
    const seqs = ctx.follower.visibleFrom(from, journal.flushedCount, FOLLOWER_FRAME_EVENTS);
    if (seqs.length === 0) return undefined;
    const parts: Buffer[] = [FRAME_HEAD];
    let bytes = 0;
    let next = from;
    for (const seq of seqs) {
      const { frame } = journal.readFrame(seq, 0, NOTHING, NOTHING);
      if (parts.length > 1) parts.push(COMMA);
      parts.push(frame);
      bytes += frame.length;
      next = seq + 1;
      if (bytes >= FRAME_BYTES) break;
    }
    parts.push(FRAME_TAIL);
    return { frame: Buffer.concat(parts), next };
  };
  const unsubscribe = journal.onFlush(pump);
  const tellJournal = (state: JournalState): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'journal', ...state } satisfies JournalFrame));
  };
  const unsubscribeState = journal.onState(tellJournal);

  const reject = (message: string): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'rejected', message }));
  };

  const handle = (command: ClientCommand): void => {
    // A follower watches: it reads the journal and nothing it sends may start, feed, stop,
    // keep alive or write to anything.
    if (ctx.access === 'follow' && command.type !== 'attach') {
      return reject(`${command.type} refused: this page follows with a read-only link, it cannot act`);
    }
    // A note (the app's own words about it) is not a write to the connection.
    if ('conn' in command && command.type !== 'note' && command.conn !== undefined && ctx.taps?.owns(command.conn)) {
      return reject(`${command.type} refused: ${command.conn} is a host's connection recorded by mcp-lens tap; MCP Lens only watches it`);
    }
    if (
      'conn' in command &&
      command.type !== 'note' &&
      command.conn !== undefined &&
      !APP_COMMANDS.has(command.type) &&
      ctx.apps?.owns(command.conn)
    ) {
      return reject(`${command.type} refused: ${command.conn} is an MCP App's lane, not a server's connection`);
    }
    const refused = (text: string | undefined): void => {
      if (text !== undefined) reject(text);
    };
    switch (command.type) {
      case 'app-open':
        if (!ctx.apps) return reject('app-open refused: this bridge keeps no app lanes');
        return refused(ctx.apps.openLane(command.conn, command.config, (conn) => host.has(conn) || ctx.taps?.owns(conn) === true));
      case 'app-line':
        if (!ctx.apps) return reject('app-line refused: this bridge keeps no app lanes');
        return refused(ctx.apps.line(command.conn, command.dir, command.text));
      case 'app-close':
        if (!ctx.apps) return reject('app-close refused: this bridge keeps no app lanes');
        return refused(ctx.apps.close(command.conn, command.reason));
      case 'attach':
        nextSeq = Math.max(0, command.after + 1);
        pump();
        return;
      case 'spawn':
        if (host.isAlive(command.conn)) return reject(`connection ${command.conn} is still running`);
        host.spawn(command.conn, command.config, command.label);
        idle.spawned(ws, command.conn);
        return;
      case 'send':
        host.send(command.conn, command.text !== undefined ? Buffer.from(command.text, 'utf8') : Buffer.from(command.b64 ?? '', 'base64'));
        return;
      case 'stop':
        void host.stop(command.conn, 'user');
        return;
      case 'watch':
        idle.watch(ws, command.conns);
        return;
      case 'http':
        host.request(command.conn, {
          req: command.req,
          method: command.method,
          headers: command.headers,
          ...(command.url === undefined ? {} : { url: command.url }),
          ...(command.text !== undefined
            ? { body: Buffer.from(command.text, 'utf8') }
            : command.b64 !== undefined
              ? { body: Buffer.from(command.b64, 'base64') }
              : {}),
        });
        return;
      case 'abort':
        host.abort(command.conn, command.req, command.reason ?? 'aborted by the client');
        return;
      case 'auth-step': {
        const decision = {
          ...(command.cancel === undefined ? {} : { cancel: command.cancel }),
          ...(command.edit === undefined ? {} : { edit: command.edit }),
        };
        if (!host.oauth?.step(command.conn, command.run, decision))
          return reject(`auth-step: no request of flow ${command.run} on ${command.conn} is waiting`);
        return;
      }
      case 'auth-forget': {
        const forgotten = host.oauth?.forget(command.conn) ?? 0;
        host.http.forgetAuth(command.conn);
        ctx.record({
          kind: 'notice',
          ...(command.conn === undefined ? {} : { conn: command.conn }),
          level: 'info',
          message: `OAuth: ${forgotten} kept grant${forgotten === 1 ? '' : 's'} forgotten`,
        });
        return;
      }
      case 'note':
        ctx.record({
          kind: 'note',
          topic: command.topic,
          data: command.data,
          ...(command.conn === undefined ? {} : { conn: command.conn }),
        });
        return;
      default: {
        const never: never = command;
        return never;
      }
    }
  };

  ws.on('message', (data, isBinary) => {
    if (isBinary) return reject('binary frames are not accepted');
    const text = data.toString();
    // Refused before parsing: a value this deep breaks whatever writes it out again (the journal).
    if (nestsDeeperThan(text)) return reject(`frame nests deeper than ${MAX_JSON_DEPTH} levels`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return reject('frame is not JSON');
    }
    const parsed = clientCommandSchema.safeParse(value);
    if (!parsed.success) {
      return reject(`invalid command: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    // One frame costs at most itself: whatever it breaks is said to the sender, never thrown at the bridge.
    try {
      handle(parsed.data);
    } catch (error) {
      reject(`the bridge could not carry out ${parsed.data.type}: ${(error as Error).message}`);
    }
  });
  const gone = (): void => {
    unsubscribe();
    unsubscribeState();
    idle.drop(ws);
  };
  ws.on('close', gone);
  ws.on('error', gone);
  ws.send(JSON.stringify(ctx.welcome()));
  if (!journal.state.ok) tellJournal(journal.state);
}
