/**
 * Plays a tour through the tour player (protocol/tour/player.ts) on real server processes, the
 * way the app does on its raw connections: a `launch` effect spawns the server, a `send` writes
 * the line to its stdin, and every stdout line and the exit go back to the player as actions.
 * Steps are played as a presenter plays them: Next sends the shown step and, once its outcome
 * came, Next moves on. Waits on lines, never on time; a deadline only names a step that never
 * got its outcome.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { createPlayer, previewStep, update, type PlayerAction, type PlayerEffect, type PlayerState } from '../../protocol/tour/player.js';
import type { Tour, TourServer } from '../../protocol/tour/format.js';
import { usesConnection } from '../../protocol/tour/steps.js';

export const demoServerJs = path.resolve(import.meta.dirname, '..', '..', 'dist', 'node', 'demo', 'server.js');

export interface PlayOptions {
  /**
   * The learner's edit of a step's message, by step id: given the message as the preview shows
   * it (its id and `$ref`s filled), returns the text typed in its place.
   */
  edits?: Record<string, (message: Record<string, unknown>) => string>;
  /** How long a step may wait for its outcome before it is failed by name (default 60 s). */
  stepDeadlineMs?: number;
}

/** Plays every step of `tour` in order and resolves with the player's final state; the servers are stopped. */
export async function playTour(tour: Tour, options: PlayOptions = {}): Promise<PlayerState> {
  const deadline = options.stepDeadlineMs ?? 60_000;
  const children = new Map<string, { child: ChildProcessWithoutNullStreams; exited: Promise<void> }>();
  const stderr = new Map<string, string>();
  let state = createPlayer(tour);
  let changed: (() => void) | undefined;

  const dispatch = (action: PlayerAction): void => {
    const transition = update(state, { ...action, at: performance.now() });
    state = transition.state;
    for (const effect of transition.effects) perform(effect);
    changed?.();
  };

  const perform = (effect: PlayerEffect): void => {
    switch (effect.kind) {
      case 'launch': {
        const { command, args } = commandOf(effect.server);
        const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
        const name = effect.connection;
        stderr.set(name, '');
        child.stderr.on('data', (chunk: Buffer) => stderr.set(name, (stderr.get(name) ?? '') + chunk.toString('utf8')));
        readline.createInterface({ input: child.stdout }).on('line', (text) => {
          dispatch({ type: 'received', connection: name, text, run: effect.run });
        });
        const exited = new Promise<void>((resolve) =>
          child.once('exit', (code, signal) => {
            dispatch({
              type: 'exited',
              connection: name,
              reason: signal ? `killed by ${signal}` : `exited with code ${String(code)}`,
              run: effect.run,
            });
            resolve();
          }),
        );
        children.set(name, { child, exited });
        return;
      }
      case 'send':
        children.get(effect.connection)?.child.stdin.write(`${effect.line}\n`);
        return;
      case 'stopAll':
        return;
      default: {
        const never: never = effect;
        return never;
      }
    }
  };

  /** Resolves once `done` holds, re-checked after every action; fails the step past the deadline. */
  const until = (done: () => boolean, index: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        dispatch({ type: 'fail', index, reason: `no outcome within ${deadline} ms; stderr: ${[...stderr.values()].join(' | ')}` });
      }, deadline);
      const check = (): void => {
        if (!done()) return;
        clearTimeout(timer);
        changed = undefined;
        resolve();
      };
      changed = check;
      check();
    });

  try {
    for (let index = 0; index < tour.steps.length; index++) {
      if (state.index !== index) throw new Error(`the player shows step ${state.index + 1}, expected ${index + 1}`);
      const step = tour.steps[index];
      const edit = step?.id === undefined ? undefined : options.edits?.[step.id];
      if (edit) {
        const preview = previewStep(state, index);
        if (!preview.ok) throw new Error(`step ${step?.id ?? index}: ${preview.error}`);
        dispatch({ type: 'edit', index, text: edit(preview.message as Record<string, unknown>) });
      }
      dispatch({ type: 'next' });
      if (usesConnection(tour, index)) {
        await until(() => state.steps[index]?.status !== 'waiting', index);
        if (index < tour.steps.length - 1) dispatch({ type: 'next' });
      }
    }
    return state;
  } finally {
    await Promise.all(
      [...children.values()].map(async ({ child, exited }) => {
        child.stdin.end();
        child.kill('SIGTERM');
        await exited;
      }),
    );
  }
}

function commandOf(server: TourServer): { command: string; args: string[] } {
  if ('demo' in server) return { command: process.execPath, args: [demoServerJs] };
  return { command: server.command, args: server.args };
}
