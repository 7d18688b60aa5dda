/**
 * A tour being played: the steps on the left, the shown step on the right with its controls
 * (Back, Next, Restart), the follower link, and presenter mode (a button, or P).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PlayerState } from '../../../../protocol/tour/player.js';
import { FollowerLink } from './FollowerLink.js';
import { LaunchConfirm } from './LaunchConfirm.js';
import { PresenterView } from './PresenterView.js';
import { ShownStep, nextLabel } from './ShownStep.js';
import { StepList } from './StepList.js';
import { isEditable } from './presenterKeys.js';
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
