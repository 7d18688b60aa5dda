/**
 * Presenter mode: the shown step alone over the whole window, in large type and high contrast,
 * with none of the app around it, driven by the keyboard or a clicker (presenterKeys.ts):
 * Space, → or PageDown sends the step, then moves on; ← or PageUp goes back; Home asks, then
 * restarts; Escape leaves. It is drawn over the page, outside the app, which is inert meanwhile.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FollowerLink } from './FollowerLink.js';
import { RoomLink } from './RoomLink.js';
import { LaunchConfirm } from './LaunchConfirm.js';
import { ShownStep, nextLabel } from './ShownStep.js';
import { isEditable, presenterCommand } from './presenterKeys.js';
import type { TourRunner } from './tourRunner.js';

export function PresenterView({ runner, onLeave }: { runner: TourRunner; onLeave: () => void }) {
  const { state, confirm } = useSyncExternalStore(runner.subscribe, runner.getView);
  const [confirming, setConfirming] = useState(false);
  const next = nextLabel(state);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (confirming || confirm) return; // the confirmation's own keys
      const command = presenterCommand({
        key: event.key,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        editing: isEditable(event.target),
      });
      if (command === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      switch (command) {
        case 'next':
          runner.dispatch({ type: 'next' });
          return;
        case 'back':
          runner.dispatch({ type: 'back' });
          return;
        case 'restart':
          setConfirming(true);
          return;
        case 'leave':
          onLeave();
          return;
        case 'blur':
          (event.target as HTMLElement).blur();
          return;
        default: {
          const never: never = command;
          return never;
        }
      }
    };
    // Capture: a focused field or button hears the presenter's keys after the presenter does.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [runner, onLeave, confirming, confirm]);

  // The app under it can be neither seen, clicked nor tabbed to while the presenter holds the screen.
  useEffect(() => {
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    return () => root?.removeAttribute('inert');
  }, []);

  return createPortal(
    <PresenterFrame
      testId="presenter"
      head={
        <>
          <span className="tour-name">{state.tour.title}</span>
          <span className="spacer" />
          <span data-testid="presenter-progress">
            step {state.index + 1} of {state.tour.steps.length}
          </span>
        </>
      }
      foot={
        <>
          <span className="presenter-keys" data-testid="presenter-next">
            Space / → / PageDown: {next.disabled ? next.label.replace('…', '') : next.label.toLowerCase()} · ← / PageUp: back · Home:
            restart · Esc: leave
          </span>
          <span className="spacer" />
          <RoomLink />
          <FollowerLink compact />
        </>
      }
      scrollKey={`${state.run}:${state.index}`}
    >
      <ShownStep runner={runner} state={state} />
      {confirm && <LaunchConfirm ask={confirm} onRun={() => runner.approve()} onCancel={() => runner.decline()} />}
      {confirming && (
        <RestartConfirm
          onRestart={() => {
            setConfirming(false);
            runner.dispatch({ type: 'restart' });
          }}
          onKeep={() => setConfirming(false)}
        />
      )}
    </PresenterFrame>,
    document.body,
  );
}

/** The projector's page, shared with a follower: no chrome, the step large, focus visible. */
export function PresenterFrame({
  head,
  foot,
  children,
  scrollKey,
  testId,
}: {
  head: ReactNode;
  foot?: ReactNode;
  children: ReactNode;
  /** Changes when the step does: the page goes back to its top. */
  scrollKey: string;
  testId: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    frame.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    frame.current?.scrollTo({ top: 0 });
  }, [scrollKey]);
  return (
    <div
      className={`presenter${foot ? ' with-foot' : ''}`}
      ref={frame}
      tabIndex={-1}
      role="region"
      aria-label="Presenter view"
      data-testid={testId}
    >
      <header className="presenter-head">{head}</header>
      <main className="presenter-body">{children}</main>
      {foot && <footer className="presenter-foot">{foot}</footer>}
    </div>
  );
}

function RestartConfirm({ onRestart, onKeep }: { onRestart: () => void; onKeep: () => void }) {
  const restart = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    restart.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' || event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        event.stopPropagation();
        onKeep();
      } else if (event.key === 'y' || event.key === 'Y') {
        event.preventDefault();
        onRestart();
      }
      // Enter and Space press the focused button, as buttons do.
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onRestart, onKeep]);
  return (
    <div className="presenter-confirm" role="alertdialog" aria-modal="true" aria-labelledby="restart-q" data-testid="restart-confirm">
      <p id="restart-q">Restart the tour from step 1? Its servers stop and start again.</p>
      <div className="row">
        <button type="button" ref={restart} className="primary" onClick={onRestart} data-testid="restart-yes">
          Restart (Enter)
        </button>
        <button type="button" onClick={onKeep} data-testid="restart-no">
          Keep going (Esc)
        </button>
      </div>
    </div>
  );
}
