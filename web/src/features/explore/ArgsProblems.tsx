import type { ArgsSummary } from './useArgsCheck.js';

/** The summary of a held-back send, beside the send button, with "Send anyway". */
export function ArgsProblems({ summary, onSendAnyway }: { summary: ArgsSummary | undefined; onSendAnyway: () => void }) {
  if (!summary) return null;
  if (summary.parseError !== undefined) {
    return (
      <div className="banner-box bad" role="alert" data-testid="args-problems">
        Not sent: the text is not valid JSON ({summary.parseError}). Fix it, or use the raw line to send text exactly as typed.
      </div>
    );
  }
  const held = summary.state === 'held';
  return (
    <div className="banner-box warn" role="alert" data-testid="args-problems">
      <p>
        {held ? 'Not sent: the arguments do not match the inputSchema.' : 'Sent anyway, though the arguments do not match the inputSchema.'}
      </p>
      <ul>
        {summary.problems.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      {held && (
        <p>
          <button type="button" onClick={onSendAnyway} data-testid="send-anyway">
            Send anyway
          </button>{' '}
          <span className="status">to see how the server handles bad input</span>
        </p>
      )}
    </div>
  );
}
