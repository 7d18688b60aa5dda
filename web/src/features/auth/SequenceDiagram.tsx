/**
 * The sequence diagram of one authorization run: four participants (MCP Lens, the MCP server,
 * the authorization server, the browser) and one line per step, in order. Plain DOM on a grid,
 * so each step is a button the keyboard reaches and a screen reader reads; the arrow is drawn
 * by the cells it spans. Every label is a server's text, rendered as text.
 */
import type { AuthEvent } from '../../../../protocol/envelope.js';
import { PARTICIPANTS, diagramStep, type Participant } from '../../../../protocol/authLane.js';
import './auth.css';

interface Props {
  events: readonly AuthEvent[];
  /** The step whose row the timeline shows. */
  selectedSeq: number | undefined;
  onPick: (seq: number) => void;
}

const COLUMN: Record<Participant, number> = { client: 0, server: 1, as: 2, browser: 3 };
const NAME: Record<Participant, string> = Object.fromEntries(PARTICIPANTS.map((p) => [p.id, p.label])) as Record<Participant, string>;

export function SequenceDiagram({ events, selectedSeq, onPick }: Props) {
  const failed = events.find((e) => e.phase === 'failed');
  return (
    <section className="auth-diagram" aria-label="Authorization sequence" data-testid="auth-diagram">
      {failed && (
        <p className="auth-failed-sentence" role="alert" data-testid="auth-failed-sentence">
          <strong>{failed.step} failed:</strong> {failed.text}
        </p>
      )}
      <div className="auth-grid">
        {PARTICIPANTS.map((p) => (
          <div key={p.id} className="auth-participant" style={{ gridColumn: COLUMN[p.id] + 1 }} data-testid="auth-participant">
            {p.label}
          </div>
        ))}
        <ol className="auth-steps">
          {events.map((event, i) => {
            const step = diagramStep(event);
            const a = COLUMN[step.from];
            const b = COLUMN[step.to];
            const left = Math.min(a, b);
            const right = Math.max(a, b);
            const leftward = b < a;
            const selected = event.seq === selectedSeq;
            const words = step.shape === 'arrow' ? `${NAME[step.from]} to ${NAME[step.to]}` : `at ${NAME[step.from]}`;
            return (
              <li key={`${event.seq}:${i}`} className="auth-step-row">
                <button
                  type="button"
                  className={`auth-step ${step.shape}${step.failed ? ' failed' : ''}${selected ? ' selected' : ''}${leftward ? ' leftward' : ''}`}
                  style={{ gridColumn: `${left + 1} / ${right + 2}`, ['--span' as string]: right - left + 1 }}
                  aria-current={selected ? 'step' : undefined}
                  aria-label={`${i + 1}. ${step.label}, ${words}${step.failed ? `: ${step.text}` : ''}`}
                  title={step.text}
                  onClick={() => onPick(event.seq)}
                  data-testid="auth-step"
                  data-seq={event.seq}
                  data-from={step.from}
                  data-to={step.to}
                  data-failed={step.failed ? 'true' : undefined}
                >
                  <span className="auth-step-label">{step.label}</span>
                  {step.shape === 'arrow' && <span className="auth-arrow" aria-hidden="true" />}
                </button>
                {step.failed && (
                  <span className="auth-step-why" style={{ gridColumn: '1 / 5' }}>
                    {step.text}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
