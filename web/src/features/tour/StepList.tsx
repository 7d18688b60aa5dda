/** The tour's steps: each one's state, a click to show it, and "run to here". */
import type { PlayerState, StepStatus } from '../../../../protocol/tour/player.js';
import { usesConnection } from '../../../../protocol/tour/steps.js';

const ICONS: Record<StepStatus, { icon: string; words: string }> = {
  unsent: { icon: '○', words: 'not sent' },
  queued: { icon: '◔', words: 'queued' },
  waiting: { icon: '◐', words: 'waiting' },
  done: { icon: '●', words: 'done' },
  failed: { icon: '✗', words: 'failed' },
};

export function StepList({
  state,
  onShow,
  onRunTo,
}: {
  state: PlayerState;
  onShow: (index: number) => void;
  onRunTo: (index: number) => void;
}) {
  return (
    <nav className="tour-steps" aria-label="Steps of the tour">
      <ol>
        {state.tour.steps.map((step, i) => {
          const st = state.steps[i];
          const status = st?.status ?? 'unsent';
          // Words only: "seen" rather than "sent".
          const talks = usesConnection(state.tour, i);
          const { icon, words } = ICONS[status];
          const unsentBefore = state.steps.some((s, j) => j < i && usesConnection(state.tour, j) && s.status === 'unsent');
          return (
            <li key={i} className={`${i === state.index ? 'current ' : ''}${status}`} data-testid="tour-step-item" data-status={status}>
              <button
                type="button"
                className="tour-step-title"
                aria-current={i === state.index ? 'step' : undefined}
                onClick={() => onShow(i)}
              >
                <span className={`tour-icon ${status}`} aria-hidden="true">
                  {icon}
                </span>
                <span className="visually-hidden">{talks ? words : status === 'done' ? 'read' : 'not read'}: </span>
                <span className="tour-step-number">{i + 1}.</span> {step.title}
              </button>
              {unsentBefore && (
                <button
                  type="button"
                  className="tour-run-to link"
                  onClick={() => onRunTo(i)}
                  aria-label={`Run to here: send every step before step ${i + 1}`}
                  data-testid="run-to-here"
                >
                  run to here
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
