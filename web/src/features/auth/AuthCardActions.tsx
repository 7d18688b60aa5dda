/**
 * A connection card's authorization buttons: while a run waits on the user, "Authorize in a new
 * tab" opens its authorization URL (only an http(s) one: a server named it); once a flow has
 * run, "Forget tokens" has the bridge drop what it keeps for this server.
 */
import { useState } from 'react';
import type { AuthEvent } from '../../../../protocol/envelope.js';
import { safeHttpUrl, waitingStep } from '../../../../protocol/authLane.js';
import './auth.css';

interface Props {
  conn: string;
  events: readonly AuthEvent[];
  onForget: () => void;
  /** Shows the run's steps (its diagram) on the timeline, from this event's row. */
  onShow?: ((seq: number) => void) | undefined;
}

export function AuthCardActions({ conn, events, onForget, onShow }: Props) {
  const [forgotten, setForgotten] = useState(false);
  const mine = events.filter((e) => e.conn === conn);
  const last = mine.at(-1);
  if (!last) return null;
  const waiting = waitingStep(events, conn);
  const held = last.phase === 'request' && last.held === true;
  const url = safeHttpUrl(waiting?.authorizationUrl);
  return (
    <div className="auth-card" data-testid="auth-card">
      {waiting && (
        <p className="status" data-testid="auth-waiting">
          {waiting.text}
        </p>
      )}
      {held && (
        <p className="status" data-testid="auth-held-note">
          {last.step}: the request waits for you (step by step)
        </p>
      )}
      <div className="row">
        {waiting && url && (
          <button
            type="button"
            className="primary"
            onClick={() => window.open(url, '_blank', 'noopener')}
            title={url}
            data-testid="auth-open"
          >
            Authorize in a new tab
          </button>
        )}
        {onShow && (
          <button
            type="button"
            onClick={() => onShow(last.seq)}
            data-testid="auth-show"
            title="The authorization lane on the timeline, with this flow's diagram"
          >
            {held ? 'Review the request' : 'Show the steps'}
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            onForget();
            setForgotten(true);
          }}
          title="Forget the tokens the bridge keeps for this server, in memory and on disk"
          data-testid="auth-forget"
        >
          Forget tokens
        </button>
      </div>
      {forgotten && (
        <p className="status" role="status">
          asked the bridge to forget them
        </p>
      )}
    </div>
  );
}
