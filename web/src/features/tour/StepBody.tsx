/**
 * One step of a tour as it reads: its words, the message it will send (before) or the message
 * sent and what came back side by side (after), the checks, a failure's reason, a figures
 * table. The same for the player, the presenter and a follower; only the player passes the
 * exercise editor in.
 */
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import type { Tour } from '../../../../protocol/tour/format.js';
import { stepAwaits } from '../../../../protocol/tour/steps.js';
import { AnnotatedMessage, NotePane, type ActiveField } from './AnnotatedMessage.js';
import { messageLines } from './messageLines.js';
import { TourMarkdown } from './TourMarkdown.js';
import { messageMethod, noteLookup, type StepShow } from './stepShow.js';
import './tour.css';
import { formatCount } from '../../ui/count.js';

export function StepBody({
  tour,
  show,
  exercise,
  actions,
  messagesOf,
}: {
  tour: Tour;
  show: StepShow;
  /** The exercise editor, when this view lets the learner edit. */
  exercise?: ReactNode;
  /** What the learner can do after the checks (try a step again), when this view acts. */
  actions?: ReactNode;
  /** Other steps' messages, for the method a response is about. */
  messagesOf: { sentOf: (i: number) => unknown; outcomeOf: (i: number) => unknown };
}) {
  const step = tour.steps[show.index];
  if (!step) return null;
  return (
    <article className="tour-step" data-testid="tour-step" data-index={show.index} data-status={show.status}>
      <h2 className="tour-title">{step.title}</h2>
      <TourMarkdown text={step.text} className="tour-text" />
      {step.exercise !== undefined && (
        <section className="tour-exercise" aria-label="Exercise" data-testid="tour-exercise">
          <h3>Exercise</h3>
          <TourMarkdown text={step.exercise} />
          {exercise}
        </section>
      )}
      <StepStatusLine tour={tour} show={show} />
      <StepMessages key={show.index} tour={tour} show={show} messagesOf={messagesOf} />
      {show.checks !== undefined && show.checks.length > 0 && (
        <ul className="tour-checks" data-testid="tour-checks" aria-label="Checks">
          {show.checks.map((check, i) => (
            <li key={i} className={check.ok ? 'pass' : 'fail'} data-ok={check.ok}>
              <span className="tour-check-word">{check.ok ? '✓ pass' : '✗ fail'}</span>
              <div>
                <TourMarkdown text={check.text} />
                <p className="status">{check.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {actions}
      {show.figures && <FiguresTable figures={show.figures} />}
    </article>
  );
}

function StepStatusLine({ tour, show }: { tour: Tour; show: StepShow }) {
  const step = tour.steps[show.index];
  const talks = step !== undefined && (step.send !== undefined || step.wait !== undefined);
  if (!talks) return null;
  switch (show.status) {
    case 'unsent':
      return (
        <p className="tour-state" data-testid="tour-state" data-state="unsent">
          {step.send !== undefined ? 'Not sent yet: Next sends it.' : 'Next starts waiting for the server.'}
        </p>
      );
    case 'queued':
      return (
        <p className="tour-state" data-testid="tour-state" data-state="queued">
          Queued: it goes once the steps before it have their answers.
        </p>
      );
    case 'waiting': {
      const awaited = stepAwaits(tour, show.index);
      return (
        <p className="tour-state waiting" data-testid="tour-state" data-state="waiting" role="status">
          {awaited.kind === 'method' ? `Waiting for the server to send ${awaited.method}…` : "Sent. Waiting for the server's answer…"}
        </p>
      );
    }
    case 'done':
      return (
        <p className="tour-state done" data-testid="tour-state" data-state="done">
          Done.
        </p>
      );
    case 'failed':
      return (
        <p className="tour-state failed" data-testid="tour-state" data-state="failed" role="alert">
          Failed: {show.reason ?? 'no reason given'}. Restart the tour to play it again from the start.
        </p>
      );
    default: {
      const never: never = show.status;
      return never;
    }
  }
}

function StepMessages({
  tour,
  show,
  messagesOf,
}: {
  tour: Tour;
  show: StepShow;
  messagesOf: { sentOf: (i: number) => unknown; outcomeOf: (i: number) => unknown };
}) {
  const index = show.index;
  const previewMessage = show.preview?.ok ? show.preview.message : undefined;
  const shownSent = show.sent ?? previewMessage;
  const sentNotes = useMemo(
    () => noteLookup(tour, index, shownSent, 'sent', messageMethod(tour, index, shownSent, 'sent', messagesOf)),
    [tour, index, shownSent, messagesOf],
  );
  const outcomeNotes = useMemo(
    () => noteLookup(tour, index, show.outcome, 'received', messageMethod(tour, index, show.outcome, 'received', messagesOf)),
    [tour, index, show.outcome, messagesOf],
  );
  // One note pane for the step's messages: the field last pointed at or focused in either.
  const noteId = useId();
  const [field, setField] = useState<ActiveField | undefined>();
  const onActive = useCallback(
    (next: ActiveField | undefined, message: string) => setField((shown) => next ?? (shown?.message === message ? undefined : shown)),
    [],
  );
  const onSent = useCallback((next: ActiveField | undefined) => onActive(next, 'The message sent'), [onActive]);
  const onPreview = useCallback((next: ActiveField | undefined) => onActive(next, 'The message to be sent'), [onActive]);
  const onOutcome = useCallback((next: ActiveField | undefined) => onActive(next, 'What came back'), [onActive]);
  const step = tour.steps[index];
  if (!step) return null;
  const waits = stepAwaits(tour, index).kind !== 'nothing';
  const sentYet = show.sent !== undefined;
  const annotated = (message: unknown, notes: typeof sentNotes): boolean =>
    message !== undefined && messageLines(message).some((line) => line.path !== undefined && notes(line.path) !== undefined);
  if (!sentYet && show.outcome === undefined) {
    if (show.preview && !show.preview.ok)
      return (
        <p className="tour-state failed" role="alert" data-testid="tour-preview-error">
          This message cannot be made yet: {show.preview.error}
        </p>
      );
    if (previewMessage === undefined) return null;
    return (
      <section className="tour-messages one" aria-label="The message to be sent">
        <div className="tour-message">
          <h3>The message to be sent</h3>
          <AnnotatedMessage
            value={previewMessage}
            noteAt={sentNotes}
            label="The message to be sent"
            testId="tour-preview"
            noteId={noteId}
            onActive={onPreview}
          />
        </div>
        <NotePane id={noteId} field={field} annotated={annotated(previewMessage, sentNotes)} />
      </section>
    );
  }
  const two = sentYet && waits;
  return (
    <section className={`tour-messages${two ? '' : ' one'}`} aria-label="The exchange">
      {sentYet && (
        <div className="tour-message">
          <h3>Sent</h3>
          <AnnotatedMessage
            value={show.sent}
            noteAt={sentNotes}
            label="The message sent"
            testId="tour-sent"
            noteId={noteId}
            onActive={onSent}
          />
        </div>
      )}
      {waits && (
        <div className="tour-message">
          <h3>{step.wait !== undefined && 'method' in step.wait ? `The server's ${step.wait.method}` : 'The answer'}</h3>
          {show.outcome !== undefined ? (
            <AnnotatedMessage
              value={show.outcome}
              noteAt={outcomeNotes}
              label="What came back"
              testId="tour-outcome"
              noteId={noteId}
              onActive={onOutcome}
            />
          ) : (
            <p className="status">{show.status === 'failed' ? 'Nothing came back.' : 'Nothing yet.'}</p>
          )}
        </div>
      )}
      <NotePane id={noteId} field={field} annotated={annotated(show.sent, sentNotes) || annotated(show.outcome, outcomeNotes)} />
    </section>
  );
}

function FiguresTable({ figures }: { figures: NonNullable<StepShow['figures']> }) {
  const rows: [string, (f: (typeof figures)[number]['figures']) => string][] = [
    ['messages', (f) => String(f.messages)],
    ['round trips', (f) => String(f.roundTrips)],
    ['bytes sent', (f) => formatCount(f.bytesSent)],
    ['bytes received', (f) => formatCount(f.bytesReceived)],
    ['time', (f) => `${Math.round(f.ms)} ms`],
  ];
  return (
    <table className="tour-figures" data-testid="tour-figures">
      <thead>
        <tr>
          <th scope="col">figure</th>
          {figures.map((c) => (
            <th key={c.connection} scope="col" data-flow={c.flow}>
              {c.label ?? c.connection}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, read]) => (
          <tr key={name} data-figure={name}>
            <th scope="row">{name}</th>
            {figures.map((c) => (
              <td key={c.connection} data-flow={c.flow}>
                {read(c.figures)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
