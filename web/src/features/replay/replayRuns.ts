/**
 * Replay from the app: each recorded connection is replayed on a new live connection of this
 * session, through the real bridge, exactly as `mcp-lens replay` does it (protocol/replay: the
 * same connect choices, ignore and cross-flow rules, recorded answers to the server's questions,
 * opening compared, calls sent again in order). Every judged exchange is journaled as a
 * `replay.exchange` note on the new connection, so the verdicts sit on the timeline beside the
 * lines they are about, and travel with an export. The run lives outside any panel: switching
 * views does not stop it; Cancel does, and disconnects.
 */
import type { Flow } from '../../../../protocol/flows.js';
import type { JsonRpcId } from '../../../../protocol/jsonrpc.js';
import {
  exchangeNote,
  MAX_NOTED_DIFFERENCES,
  REPLAY_TOPICS,
  type ReplayDoneNote,
  type ReplayStartNote,
} from '../../../../protocol/replay/notes.js';
import { compareOpening, openingMethod } from '../../../../protocol/replay/opening.js';
import { answeredOpening, replayConnect } from '../../../../protocol/replay/plan.js';
import { RecordedAnswers } from '../../../../protocol/replay/recordedAnswers.js';
import type { RecordedConnection } from '../../../../protocol/replay/recording.js';
import { replayCalls, type ExchangeReport } from '../../../../protocol/replay/replayCalls.js';
import type { Tally } from '../../../../protocol/replay/report.js';
import { ignoreRule } from '../../../../protocol/replay/volatile.js';
import type { ConnectionDriver } from '../../session/connectionDriver.js';
import type { SessionStore } from '../../session/sessionStore.js';
import type { ReplayFields, ReplayPlan } from './replayForm.js';

/** Per-request idle timeout, as `mcp-lens replay` has by default. */
const TIMEOUT_MS = 60_000;

export interface ReplayedConnection {
  recordedConn: string;
  /** The new connection the replay ran on. */
  conn: string;
  /** The flow it ran in, once connected. */
  flow?: Flow;
  tally: Tally;
  /** Why it could not run at all. */
  reason?: string;
}

export interface ReplayState {
  id: string;
  source: string;
  phase: 'running' | 'done' | 'cancelled';
  /** Exchanges judged so far, of all there are (each connection's opening and its calls). */
  judged: number;
  total: number;
  tally: Tally;
  conns: ReplayedConnection[];
  /** Set once the user moved on from the finished run: the tab bar no longer shows it. */
  statusSeen?: boolean;
}

const zero = (): Tally => ({ match: 0, differ: 0, skipped: 0, failed: 0 });

export class ReplayRuns {
  private state: ReplayState | undefined;
  private readonly listeners = new Set<() => void>();
  /** The connection being replayed now, and how to stop waiting for it. */
  private current: { conn: string; stop: () => void } | undefined;
  private cancelled = false;
  /** The Replay form as last typed, per session name, so leaving the view does not lose it. */
  readonly drafts = new Map<string, ReplayFields>();

  constructor(private readonly store: SessionStore) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ReplayState | undefined => this.state;

  get running(): boolean {
    return this.state?.phase === 'running';
  }

  /** Starts a run; refused (false) while one is running. */
  start(plan: ReplayPlan): boolean {
    if (this.running) return false;
    this.cancelled = false;
    this.state = {
      id: `rpl-${Date.now().toString(36)}`,
      source: plan.source,
      phase: 'running',
      judged: 0,
      total: plan.recordings.reduce((n, r) => n + r.calls.length + 1, 0),
      tally: zero(),
      conns: [],
    };
    this.emit();
    void this.run(plan, this.state.id);
    return true;
  }

  /** The finished run's outcome has been seen: the tab bar lets it go (the Replay view keeps it). */
  dismissStatus(): void {
    if (!this.state || this.state.phase === 'running' || this.state.statusSeen) return;
    this.update((s) => ({ ...s, statusSeen: true }));
  }

  /** Stops the run: the connection being replayed is disconnected, what was in flight fails, the rest is not sent. */
  cancel(): void {
    if (!this.running) return;
    this.cancelled = true;
    const current = this.current;
    if (current) {
      current.stop();
      this.store.disconnect(current.conn);
    }
  }

  private async run(plan: ReplayPlan, id: string): Promise<void> {
    for (const recording of plan.recordings) {
      if (this.cancelled) break;
      await this.replayConnection(recording, plan, id);
    }
    this.update((s) => ({ ...s, phase: this.cancelled ? 'cancelled' : 'done' }));
  }

  private async replayConnection(recording: RecordedConnection, plan: ReplayPlan, id: string): Promise<void> {
    const store = this.store;
    const conn = store.newConnId('r');
    const how = replayConnect(recording, plan.flow);
    const start: ReplayStartNote = {
      id,
      source: plan.source,
      recordedConn: recording.conn,
      ...(recording.label === undefined ? {} : { label: recording.label }),
      ...(recording.flow === undefined ? {} : { recordedFlow: recording.flow }),
      ...(plan.flow === undefined ? {} : { flow: plan.flow }),
      calls: recording.calls.length,
      ignore: plan.ignore.map((p) => p.source),
    };
    store.note(REPLAY_TOPICS.start, start, conn);
    const entry: ReplayedConnection = { recordedConn: recording.conn, conn, tally: zero() };
    this.update((s) => ({ ...s, conns: [...s.conns, entry] }));
    const exchanges = recording.calls.length + 1;
    const done = (extra: Partial<ReplayDoneNote> = {}): void => {
      const note: ReplayDoneNote = {
        id,
        recordedConn: recording.conn,
        ...(entry.flow === undefined ? {} : { flow: entry.flow }),
        tally: entry.tally,
        ...(this.cancelled ? { cancelled: true } : {}),
        ...extra,
      };
      store.note(REPLAY_TOPICS.done, note, conn);
    };
    // Could not run at all: one failure, as the CLI counts it, and the rest of its exchanges are done with.
    const unable = (reason: string): void => {
      entry.tally = { ...zero(), failed: 1 };
      entry.reason = reason;
      this.update((s) => ({ ...s, judged: s.judged + exchanges, tally: { ...s.tally, failed: s.tally.failed + 1 }, conns: [...s.conns] }));
      done({ reason });
      this.current = undefined;
    };

    let driver: ConnectionDriver;
    try {
      driver = store.launch(
        conn,
        plan.config,
        how.choice,
        {
          capabilities: how.capabilities,
          discover: how.discover,
          ...(how.protocolVersion === undefined ? {} : { protocolVersion: how.protocolVersion }),
        },
        `replay ${recording.label ?? recording.conn}`,
      );
    } catch (error) {
      unable(`could not start the server: ${(error as Error).message}`);
      return;
    }
    const answers = new RecordedAnswers(recording.questions);
    // The server's questions get what the recording answered; nobody is asked.
    driver.autoAnswer = answers.answer;
    const stopped = new Promise<{ ok: false; reason: string }>((resolve) => {
      this.current = { conn, stop: () => resolve({ ok: false, reason: 'cancelled' }) };
    });
    if (this.cancelled) this.current?.stop();
    const ready = await Promise.race([driver.ready, stopped]);
    const session = driver.session;
    if (!ready.ok || !session) {
      if (!this.cancelled) store.disconnect(conn);
      unable(`could not connect: ${ready.ok ? 'no session' : ready.reason}`);
      return;
    }
    entry.flow = session.flow;
    const crossFlow = recording.flow !== undefined && recording.flow !== session.flow;
    const ignore = ignoreRule({ paths: plan.ignore, crossFlow });
    const report = (r: ExchangeReport): void => {
      const replayedSeq = r.status === 'skipped' ? undefined : this.requestSeq(conn, r.ids.replayed.at(-1));
      store.note(
        REPLAY_TOPICS.exchange,
        exchangeNote(r, { id, recordedConn: recording.conn, ...(replayedSeq === undefined ? {} : { replayedSeq }) }),
        conn,
      );
      entry.tally = { ...entry.tally, [r.status]: entry.tally[r.status] + 1 };
      this.update((s) => ({ ...s, judged: s.judged + 1, tally: { ...s.tally, [r.status]: s.tally[r.status] + 1 }, conns: [...s.conns] }));
    };
    const method = openingMethod(session.flow);
    const opening = answeredOpening(
      [...store.model.exchanges.exchanges.values()].filter((e) => e.conn === conn),
      method,
      (seq) => store.model.messages.get(seq)?.text,
    );
    report(compareOpening(recording, session.flow, opening, ignore));
    // One call at a time, so a cancel between two calls sends nothing more (a disconnected
    // session would write to a server that is gone); otherwise exactly replayCalls' own run.
    const options = { ignore, timeoutMs: TIMEOUT_MS, answer: answers.answer, limit: MAX_NOTED_DIFFERENCES };
    let gone: string | undefined;
    for (const call of recording.calls) {
      if (this.cancelled) gone ??= 'not sent: the replay was cancelled';
      const [judged] = gone === undefined ? await replayCalls([call], session, options) : [];
      const r: ExchangeReport = judged ?? { status: 'skipped', call, reason: gone ?? '' };
      if (r.status === 'failed' && r.fatal) gone = `not sent: ${r.reason}`;
      report(r);
    }
    driver.autoAnswer = undefined;
    if (!this.cancelled) store.disconnect(conn);
    done();
    this.current = undefined;
  }

  /** The seq of the request line this connection sent with `id` (its row on the timeline). */
  private requestSeq(conn: string, id: JsonRpcId | undefined): number | undefined {
    return id === undefined ? undefined : this.store.model.exchanges.get(conn, 'client', id)?.requestSeq;
  }

  private update(change: (state: ReplayState) => ReplayState): void {
    if (!this.state) return;
    this.state = change(this.state);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
