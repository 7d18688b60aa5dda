/**
 * A connection card's authorization buttons: while a run waits on the user, "Authorize in a new
 * tab" opens its authorization URL (only an http(s) one: a server named it); once a flow has
 * run, "Forget tokens" has the bridge drop what it keeps for this server.
 */
import { useState } from 'react';
import type { AuthEvent } from '../../../../protocol/envelope.js';
import { safeHttpUrl, waitingStep } from '../../../../protocol/authLane.js';

interface Props {
  conn: string;
  events: readonly AuthEvent[];
  onForget: () => void;
}

export function AuthCardActions({ conn, events, onForget }: Props) {
  const [forgotten, setForgotten] = useState(false);
  if (!events.some((e) => e.conn === conn)) return null;
  const waiting = waitingStep(events, conn);
  const url = safeHttpUrl(waiting?.authorizationUrl);
  return (
    <div className="row" data-testid="auth-card">
      {waiting && (
        <span className="status" data-testid="auth-waiting">
          {waiting.text}
        </span>
      )}
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
      {forgotten && (
        <span className="status" role="status">
          asked the bridge to forget them
        </span>
      )}
    </div>
  );
}
