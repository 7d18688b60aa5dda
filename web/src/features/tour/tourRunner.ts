/**
 * The tour's player (protocol/tour/player.ts, pure) bound to this tab's session: its effects
 * become raw connections launched and lines sent through the bridge, and the lines those
 * connections write come back to it as actions. A step that waits longer than the time-out
 * fails, saying so. As the tour moves, it journals where it is (protocol/tour/journal.ts), so a follower
 * page shows the same step with the same messages.
 */
import type { BridgeEvent, ServerConfig, WelcomeFrame } from '../../../../protocol/envelope.js';
import { exitHow } from '../../../../protocol/serverExit.js';
import type { Tour, TourServer } from '../../../../protocol/tour/format.js';
import { tourProgram, type TourProgram } from '../../../../protocol/tour/server.js';
import { tourFigures } from '../../../../protocol/tour/figures.js';
import {
  createPlayer,
  previewStep,
  update,
  type PlayerAction,
  type PlayerEffect,
  type PlayerState,
} from '../../../../protocol/tour/player.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { TOUR_TOPICS, type TourSource, type TourStepNote } from '../../../../protocol/tour/journal.js';
import { maskTourText } from '../../../../protocol/secretMask.js';

/** How long a step waits for its outcome before it fails: a server that never answers says so. */
export const STEP_TIMEOUT_MS = 30_000;

/** Where each step's messages are on the wire: seqs of the journal, for a follower to find them. */
interface StepSeqs {
  sent?: number;
  outcome?: number;
}

export interface RunnerView {
  state: PlayerState;
  /** The bridge connection each of the tour's connections runs on in this run. */
  conns: Readonly<Record<string, string>>;
  /** Why the tour cannot play here (no demo server known, a tab that only follows). */
  problem?: string;
  /**
   * The tour's own program, waiting for a yes before it first starts: what it runs, and where
   * (the bridge's directory, when the bridge said). Nothing has been launched or sent meanwhile.
   */
  confirm?: TourProgram & { cwd?: string };
}

export class TourRunner {
  private state: PlayerState;
  private conns: Record<string, string> = {};
  private seqs: StepSeqs[] = [];
  private readonly runBase = `tour-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private view: RunnerView;
  private unsubscribe: (() => void) | undefined;
  private problem: string | undefined;
  private lastNote = '';
  /** The tour's program (not the demo server): started only once the learner has said yes. */
  private readonly program: TourProgram | undefined;
  private approved = false;
  /** The action that would first start the program, held until the learner answers. */
  private held: PlayerAction | undefined;

  constructor(
    private readonly store: SessionStore,
    readonly tour: Tour,
    private readonly source: TourSource,
    private readonly timeoutMs = STEP_TIMEOUT_MS,
  ) {
    this.state = createPlayer(tour);
    this.program = tourProgram(tour.server);
    this.approved = this.program === undefined;
    this.seqs = tour.steps.map(() => ({}));
    this.view = this.makeView();
  }

  /** The run's id in the journal's tour notes. */
  get runId(): string {
    return `${this.runBase}-${this.state.run}`;
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.store.onFolded((events) => this.onEvents(events));
    this.noteStart();
  }

  /** Stops this tour's servers and says the run ended. */
  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.stopServers();
    this.store.note(TOUR_TOPICS.end, { run: this.runId });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): RunnerView => this.view;

  /** Yes to the tour's program: it starts, and the held action goes on. */
  approve(): void {
    this.approved = true;
    const held = this.held;
    this.held = undefined;
    if (held) this.dispatch(held);
    else this.afterChange();
  }

  /** No: nothing starts, the tour stays where it was (the next Send asks again). */
  decline(): void {
    this.held = undefined;
    this.afterChange();
  }

  dispatch(action: PlayerAction): void {
    // A tour travels from trainer to learner: a program of its own runs only once the learner
    // has seen what it is. The player is pure, so what the action would do can be asked first.
    if (!this.approved && update(this.state, { at: Date.now(), ...action }).effects.some((e) => e.kind === 'launch')) {
      this.held = action;
      this.afterChange();
      return;
    }
    const before = this.state;
    const wasRun = this.runId;
    const { state, effects } = update(before, { at: Date.now(), ...action });
    this.state = state;
    if (state.run !== before.run) {
      // A restart: the old run's servers go (the stopAll effect below), its seqs with them.
      this.store.note(TOUR_TOPICS.end, { run: wasRun });
      for (const timer of this.timers.values()) clearTimeout(timer);
      this.timers.clear();
      this.seqs = this.tour.steps.map(() => ({}));
      this.problem = undefined;
    }
    // A step tried again goes on the wire anew: where its old lines were is no longer its.
    if (action.type === 'retry' && state.steps[action.index]?.status === 'unsent') this.seqs[action.index] = {};
    for (const effect of effects) this.perform(effect);
    if (state.run !== before.run) {
      this.conns = {};
      this.noteStart();
    }
    this.afterChange();
  }

  private perform(effect: PlayerEffect): void {
    switch (effect.kind) {
      case 'launch': {
        const conn = this.store.newConnId('t');
        this.conns[effect.connection] = conn;
        if (!this.approved) {
          // Every launch comes from an approved dispatch; should one not, it starts nothing.
          queueMicrotask(() => this.dispatch({ type: 'exited', connection: effect.connection, reason: 'not allowed to start' }));
          return;
        }
        const config = this.serverConfig(effect.server);
        if (config === undefined) {
          this.problem =
            'This bridge knows no demo server to play the tour on. Start MCP Lens from its package (npm start, or npx mcp-lens) to have one.';
          // The step waiting on it fails now rather than at its time-out.
          queueMicrotask(() => this.dispatch({ type: 'exited', connection: effect.connection, reason: 'no demo server' }));
          return;
        }
        // Named in a note before it starts: the bridge shows a follower the tour's connections alone,
        // and learns which they are from these notes.
        this.noteStep();
        // Raw, for good: every line on the wire is one a step sent; nothing answers the server for the tour.
        this.store.launch(conn, config, effect.flow, { open: false, raw: true }, effect.label ?? `tour: ${effect.connection}`);
        return;
      }
      case 'send': {
        const conn = this.conns[effect.connection];
        if (conn !== undefined) this.store.sendRaw(conn, effect.line);
        return;
      }
      case 'stopAll':
        this.stopServers();
        return;
      default: {
        const never: never = effect;
        return never;
      }
    }
  }

  private stopServers(): void {
    for (const conn of Object.values(this.conns)) {
      const info = this.store.model.conns.get(conn);
      if (info && (info.status === 'running' || info.status === 'starting')) this.store.disconnect(conn);
    }
  }

  private serverConfig(server: TourServer): ServerConfig | undefined {
    if ('command' in server) return { command: server.command, args: server.args, env: server.env };
    const welcome: WelcomeFrame | undefined = this.store.getSnapshot().welcome;
    if (welcome?.demoServer) return { command: welcome.demoServer.command, args: welcome.demoServer.args, env: {} };
    // A bridge from before the welcome said where its demo is: its default server, when that is the demo.
    const fallback = welcome?.defaultServer;
    if (fallback?.label === 'MCP Lens demo server') return { command: fallback.command, args: fallback.args, env: {} };
    return undefined;
  }

  private onEvents(events: readonly BridgeEvent[]): void {
    const names = new Map(Object.entries(this.conns).map(([name, conn]) => [conn, name]));
    if (names.size === 0) return;
    let changed = false;
    for (const event of events) {
      const connection = event.conn === undefined ? undefined : names.get(event.conn);
      if (connection === undefined) continue;
      if (event.kind === 'line' && event.stream === 'stdin' && event.text !== undefined) {
        // The bridge's record of a line a step sent: where a follower reads it.
        const index = this.state.steps.findIndex((st, i) => st.sent === event.text && this.seqs[i]?.sent === undefined);
        const seqs = this.seqs[index];
        if (seqs) {
          seqs.sent = event.seq;
          changed = true;
        }
      } else if (event.kind === 'line' && event.stream === 'stdout' && event.text !== undefined) {
        const before = this.state.steps.map((st) => st.outcome);
        // An outcome may let a "run to here" send its next step: the effects are performed too.
        const { state, effects } = update(this.state, { type: 'received', connection, text: event.text, run: this.state.run, at: event.t });
        this.state = state;
        for (const effect of effects) this.perform(effect);
        this.state.steps.forEach((st, i) => {
          const seqs = this.seqs[i];
          if (st.outcome !== undefined && before[i] === undefined && seqs) seqs.outcome = event.seq;
        });
        changed = true;
      } else if (event.kind === 'exit' || event.kind === 'spawn-error') {
        const reason = event.kind === 'exit' ? exitHow(event) : `it could not start: ${event.message}`;
        const { state, effects } = update(this.state, { type: 'exited', connection, reason, run: this.state.run, at: event.t });
        this.state = state;
        for (const effect of effects) this.perform(effect);
        changed = true;
      }
    }
    if (changed) this.afterChange();
  }

  /** Time-outs follow the waiting steps; the journal and the view follow the state. */
  private afterChange(): void {
    this.state.steps.forEach((st, index) => {
      const timer = this.timers.get(index);
      if (st.status === 'waiting' && timer === undefined) {
        const run = this.state.run;
        this.timers.set(
          index,
          setTimeout(() => {
            this.timers.delete(index);
            if (this.state.run !== run) return;
            const seconds = Math.round(this.timeoutMs / 100) / 10;
            this.dispatch({ type: 'fail', index, reason: `no answer came within ${seconds} s: the server may be stuck` });
          }, this.timeoutMs),
        );
      } else if (st.status !== 'waiting' && timer !== undefined) {
        clearTimeout(timer);
        this.timers.delete(index);
      }
    });
    this.noteStep();
    this.view = this.makeView();
    for (const listener of this.listeners) listener();
  }

  private noteStart(): void {
    this.lastNote = '';
    // A tour's text goes to the journal and to followers: its server's env values and credential arguments masked.
    const source: TourSource =
      this.source.kind === 'file' ? { ...this.source, text: maskTourText(this.source.text, this.tour) } : this.source;
    this.store.note(TOUR_TOPICS.start, { run: this.runId, title: this.tour.title, source });
    this.noteStep();
  }

  /** A `tour.step` when what a follower shows changes: the step, or where its messages are. */
  private noteStep(): void {
    const index = this.state.index;
    const seqs = this.seqs[index] ?? {};
    const data: TourStepNote = {
      run: this.runId,
      title: this.tour.title,
      index,
      ...(this.tour.steps[index] === undefined ? {} : { stepTitle: this.tour.steps[index].title }),
      total: this.tour.steps.length,
      conns: { ...this.conns },
      ...(seqs.sent === undefined ? {} : { sent: seqs.sent }),
      ...(seqs.outcome === undefined ? {} : { outcome: seqs.outcome }),
      ...this.followerExtras(index, seqs),
    };
    const key = JSON.stringify(data);
    if (key === this.lastNote) return;
    this.lastNote = key;
    this.store.note(TOUR_TOPICS.step, data);
  }

  /** What a follower cannot read from the wire: the line not sent yet, a figures step's table. */
  private followerExtras(index: number, seqs: StepSeqs): Pick<TourStepNote, 'preview' | 'figures'> {
    const step = this.tour.steps[index];
    if (step?.figures) return { figures: tourFigures(this.state) };
    if (seqs.sent !== undefined || step?.send === undefined) return {};
    // The tour's message, not the learner's edit as it is typed: a note per keystroke would
    // flood the journal. A follower sees the edit once it is sent.
    const st = this.state.steps[index];
    const unedited =
      st?.edited === undefined
        ? this.state
        : { ...this.state, steps: this.state.steps.map((s, i) => (i === index ? { status: s.status } : s)) };
    const preview = previewStep(unedited, index);
    return preview.ok ? { preview: preview.line } : {};
  }

  private makeView(): RunnerView {
    const cwd = this.store.getSnapshot().welcome?.serverCwd;
    return {
      state: this.state,
      conns: { ...this.conns },
      ...(this.problem === undefined ? {} : { problem: this.problem }),
      ...(this.held === undefined || this.program === undefined
        ? {}
        : { confirm: { ...this.program, ...(cwd === undefined ? {} : { cwd }) } }),
    };
  }
}
