/**
 * A tour being played: the steps on the left, the shown step on the right with its controls
 * (Back, Next, Restart), the follower link, and presenter mode (a button, or P).
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { tourFigures } from '../../../../protocol/tour/figures.js';
import { canRetry, previewStep, type PlayerState } from '../../../../protocol/tour/player.js';
import { usesConnection } from '../../../../protocol/tour/steps.js';
import { ExerciseEditor } from './ExerciseEditor.js';
import { FollowerLink } from './FollowerLink.js';
import { LaunchConfirm } from './LaunchConfirm.js';
import { PresenterView } from './PresenterView.js';
import { StepBody } from './StepBody.js';
import { StepList } from './StepList.js';
import { isEditable } from './presenterKeys.js';
import { parseLine, showFromPlayer } from './stepShow.js';
import type { TourRunner } from './tourRunner.js';
import type { Workshop } from './workshop.js';

export function TourPlayer({ workshop, runner, name }: { workshop: Workshop; runner: TourRunner; name: string }) {
  const view = useSyncExternalStore(runner.subscribe, runner.getView);
  const { presenting } = useSyncExternalStore(workshop.subscribe, workshop.getSnapshot);
  const state = view.state;

  // P enters presenter mode, from anywhere on the tab but a text field.
  useEffect(() => {
    if (presenting) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'p' && event.key !== 'P') return;
      if (event.altKey || event.ctrlKey || event.metaKey || isEditable(event.target)) return;
      event.preventDefault();
      workshop.present(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [presenting, workshop]);

  if (presenting) return <PresenterView runner={runner} onLeave={() => workshop.present(false)} />;

  return (
    <div className="tour-player" data-testid="tour-player" data-run={state.run}>
      <div className="tour-bar">
        <strong className="tour-name">{state.tour.title}</strong>
        <span className="status">({name})</span>
        <span className="spacer" />
        <button type="button" onClick={() => workshop.present(true)} data-testid="present" aria-keyshortcuts="P">
          Presenter mode (P)
        </button>
        <FollowerLink />
        <button type="button" onClick={() => workshop.close()}>
          Close the tour
        </button>
      </div>
      {view.confirm && <LaunchConfirm ask={view.confirm} onRun={() => runner.approve()} onCancel={() => runner.decline()} />}
      {view.problem !== undefined && (
        <div className="banner-box bad" role="alert">
          {view.problem}
        </div>
      )}
      <div className="tour-layout">
        <StepList
          state={state}
          onShow={(index) => runner.dispatch({ type: 'goTo', index })}
          onRunTo={(index) => runner.dispatch({ type: 'runTo', index })}
        />
        <div className="tour-main">
          <TourControls runner={runner} state={state} />
          <ShownStep runner={runner} state={state} />
        </div>
      </div>
    </div>
  );
}

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

function TourControls({ runner, state }: { runner: TourRunner; state: PlayerState }) {
  const next = nextLabel(state);
  return (
    <div className="tour-controls" role="group" aria-label="Tour controls">
      <button type="button" onClick={() => runner.dispatch({ type: 'back' })} disabled={state.index === 0} data-testid="tour-back">
        ← Back
      </button>
      <button
        type="button"
        className="primary"
        onClick={() => runner.dispatch({ type: 'next' })}
        disabled={next.disabled}
        data-testid="tour-next"
      >
        {next.label} →
      </button>
      <button type="button" onClick={() => runner.dispatch({ type: 'restart' })} data-testid="tour-restart">
        Restart
      </button>
      <span className="status" data-testid="tour-progress-line">
        step {state.index + 1} of {state.tour.steps.length}
      </span>
    </div>
  );
}
