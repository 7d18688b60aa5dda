/**
 * The shown step of a tour and what Next does on it: one part of both the player and presenter
 * mode, so neither has to import the other.
 */
import { useMemo } from 'react';
import { tourFigures } from '../../../../protocol/tour/figures.js';
import { canRetry, previewStep, type PlayerState } from '../../../../protocol/tour/player.js';
import { usesConnection } from '../../../../protocol/tour/steps.js';
import { ExerciseEditor } from './ExerciseEditor.js';
import { StepBody } from './StepBody.js';
import { parseLine, showFromPlayer } from './stepShow.js';
import type { TourRunner } from './tourRunner.js';

/** The shown step of the player's state, with the exercise's editor when it has one. */
export function ShownStep({ runner, state, editable = true }: { runner: TourRunner; state: PlayerState; editable?: boolean }) {
  const index = state.index;
  const figures = useMemo(() => tourFigures(state), [state]);
  const show = useMemo(() => showFromPlayer(state, index, figures), [state, index, figures]);
  const messagesOf = useMemo(
    () => ({ sentOf: (i: number) => parseLine(state.steps[i]?.sent), outcomeOf: (i: number) => parseLine(state.steps[i]?.outcome?.text) }),
    [state],
  );
  const step = state.tour.steps[index];
  const st = state.steps[index];
  let exercise = null;
  if (editable && step?.exercise !== undefined && step.send !== undefined && st) {
    const sent = st.sent !== undefined;
    const preview = previewStep(state, index);
    const original = preview.ok ? preview.text : '';
    const text = sent ? JSON.stringify(parseLine(st.sent), null, 2) : (st.edited ?? original);
    exercise = (
      <ExerciseEditor
        text={text}
        error={sent ? undefined : st.editError}
        edited={st.edited !== undefined}
        sent={sent || (st.status !== 'unsent' && st.status !== 'queued')}
        onEdit={(value) => runner.dispatch({ type: 'edit', index, text: value })}
      />
    );
  }
  // An exercise answered wrongly (or any step whose checks failed) can be edited and sent again.
  const retry =
    editable &&
    st &&
    canRetry(state, index) &&
    (step?.exercise !== undefined || st.status === 'failed' || st.checks?.some((c) => !c.ok)) ? (
      <p>
        <button type="button" onClick={() => runner.dispatch({ type: 'retry', index })} data-testid="tour-retry">
          Try again
        </button>{' '}
        <span className="status">edit the message and send it once more (with a new id)</span>
      </p>
    ) : null;
  return <StepBody tour={state.tour} show={show} exercise={exercise} actions={retry} messagesOf={messagesOf} />;
}

/** What Next does now, in words: send the shown step, wait, or move on. */
export function nextLabel(state: PlayerState): { label: string; disabled: boolean } {
  const st = state.steps[state.index];
  const last = state.index >= state.tour.steps.length - 1;
  if (!st) return { label: 'Next', disabled: true };
  if (st.status === 'waiting' || state.steps.some((s) => s.status === 'waiting')) return { label: 'Waiting…', disabled: true };
  if ((st.status === 'unsent' || st.status === 'queued') && usesConnection(state.tour, state.index))
    return { label: state.tour.steps[state.index]?.send !== undefined ? 'Send' : 'Wait for it', disabled: false };
  return { label: 'Next', disabled: last };
}
