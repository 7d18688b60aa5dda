/**
 * What an app asked of MCP Lens, newest last: a tool call waiting for approval, a link (opened
 * only by the user's click, and only http or https), a message, a model-context update, a log
 * line. Every string here came from the app: shown as text.
 */
export type AppAsk =
  | {
      key: string;
      kind: 'call';
      text: string;
      detail: string;
      settled?: boolean;
      allow: (forSession: boolean) => void;
      deny: () => void;
    }
  | { key: string; kind: 'link'; text: string; safe: boolean }
  | { key: string; kind: 'message' | 'context' | 'log'; text: string };

export function AppAsks({ asks, conn }: { asks: readonly AppAsk[]; conn: string }) {
  if (asks.length === 0) return null;
  return (
    <ul className="app-asks" aria-label="What the app asked" data-testid="app-asks">
      {asks.slice(-50).map((ask) => (
        <li key={ask.key} data-testid={`app-ask-${ask.kind}`}>
          <AskBody ask={ask} conn={conn} />
        </li>
      ))}
    </ul>
  );
}

function AskBody({ ask, conn }: { ask: AppAsk; conn: string }) {
  switch (ask.kind) {
    case 'call':
      return (
        <>
          <span>
            The app calls <code>{ask.text}</code> <code className="status">{ask.detail}</code>
          </span>
          {ask.settled ? (
            <span className="status"> · answered</span>
          ) : (
            <span className="row">
              <button type="button" className="primary" onClick={() => ask.allow(false)} data-testid="app-call-allow">
                Allow
              </button>
              <button
                type="button"
                onClick={() => ask.allow(true)}
                data-testid="app-call-allow-session"
                title={`Every call of this connection’s apps (${conn}) until the page reloads`}
              >
                Allow for the session
              </button>
              <button type="button" onClick={ask.deny} data-testid="app-call-deny">
                Decline
              </button>
            </span>
          )}
        </>
      );
    case 'link':
      return ask.safe ? (
        <span>
          The app asks to open{' '}
          <a href={ask.text} target="_blank" rel="noopener noreferrer" data-testid="app-link">
            {ask.text}
          </a>
        </span>
      ) : (
        <span className="warning">
          The app asked to open <code>{ask.text}</code>: refused, only http and https links open.
        </span>
      );
    case 'message':
      return (
        <span>
          The app sends a message: <q>{ask.text}</q>
        </span>
      );
    case 'context':
      return (
        <span>
          The app updates the model’s context: <code>{ask.text}</code>
        </span>
      );
    case 'log':
      return <span className="status">App log · {ask.text}</span>;
    default: {
      const never: never = ask;
      return never;
    }
  }
}
