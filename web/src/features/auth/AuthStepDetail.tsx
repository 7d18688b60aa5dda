/**
 * An authorization step in the timeline's detail pane: the verdict sentence, the requirement it
 * checks with a link to its spec page, the masked HTTP request or response, and the run it
 * belongs to as a sequence diagram (with the held request's editor, step by step). Everything
 * here came from a server or through one: text only, and a link only when it is http(s).
 */
import type { AuthEvent } from '../../../../protocol/envelope.js';
import { heldRequest, runOf, safeHttpUrl } from '../../../../protocol/authLane.js';
import { SequenceDiagram } from './SequenceDiagram.js';
import { HeldRequestEditor, type AuthStepCommand } from './HeldRequestEditor.js';
import './auth.css';

interface Props {
  event: AuthEvent;
  /** Every auth event of the session (the run's other steps are among them); absent: this step alone. */
  all: readonly AuthEvent[] | undefined;
  onPickSeq: ((seq: number) => void) | undefined;
  /** The live session's way to the bridge; a recording has none. */
  onStep: ((command: AuthStepCommand) => void) | undefined;
}

export function AuthStepDetail({ event, all, onPickSeq, onStep }: Props) {
  const run = runOf(all && all.length > 0 ? all : [event], event.conn, event.run);
  if (!run.events.some((e) => e.seq === event.seq)) run.events.push(event);
  const held = heldRequest(run);
  const spec = event.spec;
  const specHref = safeHttpUrl(spec?.url);
  return (
    <div className="auth-detail" data-testid="auth-detail">
      <p className={`auth-verdict ${event.phase}`} data-testid="auth-verdict">
        <strong>{event.step}</strong> ({event.phase}
        {event.status === undefined ? '' : `, ${event.status}`}): {event.text}
      </p>
      {spec && (
        <p data-testid="auth-spec">
          <span className="status">The spec: </span>
          {spec.text}{' '}
          {specHref && (
            <a href={specHref} target="_blank" rel="noopener noreferrer" data-testid="auth-spec-link">
              spec page
            </a>
          )}
        </p>
      )}
      {held && onStep && <HeldRequestEditor key={held.seq} event={held} conn={held.conn ?? ''} onStep={onStep} />}
      <SequenceDiagram events={run.events} selectedSeq={event.seq} onPick={(seq) => onPickSeq?.(seq)} />
      {event.http && (
        <>
          <h4>{event.phase === 'response' ? `Response ${event.status ?? ''} to` : 'Request'}</h4>
          <pre data-testid="auth-http">{httpText(event.http)}</pre>
        </>
      )}
    </div>
  );
}

/** The request or response as an HTTP message would read: first line, headers, a blank line, the body. */
function httpText(http: NonNullable<AuthEvent['http']>): string {
  const headers = Object.entries(http.headers).map(([name, value]) => `${name}: ${value}`);
  return [`${http.method} ${http.url}`, ...headers, ...(http.body === undefined ? [] : ['', http.body])].join('\n');
}
