/**
 * Step by step: the request the OAuth client holds, editable before it goes. Send lets it go
 * with only what the user changed (`auth-step` with `edit`), Cancel ends the flow. What is shown
 * is masked as journaled; a masked value left as it is stays the bridge's own.
 */
import { useState } from 'react';
import type { AuthEvent, ClientCommandInput } from '../../../../protocol/envelope.js';

export type AuthStepCommand = Extract<ClientCommandInput, { type: 'auth-step' }>;

interface Props {
  event: AuthEvent;
  conn: string;
  onStep: (command: AuthStepCommand) => void;
}

export function HeldRequestEditor({ event, conn, onStep }: Props) {
  const http = event.http;
  const initial = {
    url: http?.url ?? '',
    headers: Object.entries(http?.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    body: http?.body ?? '',
  };
  const [url, setUrl] = useState(initial.url);
  const [headers, setHeaders] = useState(initial.headers);
  const [body, setBody] = useState(initial.body);
  const [sent, setSent] = useState<'sent' | 'cancelled' | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  const send = (): void => {
    const edit: NonNullable<AuthStepCommand['edit']> = {};
    if (url !== initial.url) edit.url = url;
    if (headers !== initial.headers) {
      const parsed = parseHeaders(headers);
      if (typeof parsed === 'string') {
        setProblem(parsed);
        return;
      }
      edit.headers = parsed;
    }
    if (body !== initial.body) edit.body = body;
    setProblem(undefined);
    onStep({ type: 'auth-step', conn, run: event.run, ...(Object.keys(edit).length > 0 ? { edit } : {}) });
    setSent('sent');
  };
  const cancel = (): void => {
    onStep({ type: 'auth-step', conn, run: event.run, cancel: true });
    setSent('cancelled');
  };

  const id = (name: string): string => `auth-held-${event.seq}-${name}`;
  return (
    <section className="auth-held" aria-label="The held request" data-testid="auth-held">
      <h4>{event.step}: this request waits for you (step by step)</h4>
      <p className="status">Masked values ([redacted]) stand for the bridge&apos;s own: left as they are, the held values go.</p>
      <label htmlFor={id('url')}>{http?.method ?? 'Request'} URL</label>
      <input id={id('url')} value={url} onChange={(e) => setUrl(e.target.value)} spellCheck={false} autoComplete="off" />
      <label htmlFor={id('headers')}>Headers (Name: value per line)</label>
      <textarea id={id('headers')} rows={3} value={headers} onChange={(e) => setHeaders(e.target.value)} spellCheck={false} />
      <label htmlFor={id('body')}>Body</label>
      <textarea id={id('body')} rows={3} value={body} onChange={(e) => setBody(e.target.value)} spellCheck={false} />
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="row">
        <button type="button" className="primary" onClick={send} disabled={sent !== undefined}>
          Send
        </button>
        <button type="button" onClick={cancel} disabled={sent !== undefined}>
          Cancel
        </button>
        {sent && (
          <span className="status" role="status" data-testid="auth-held-status">
            {sent === 'sent' ? 'sent to the bridge' : 'the flow is cancelled'}
          </span>
        )}
      </div>
    </section>
  );
}

const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function parseHeaders(text: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? '' : line.slice(0, colon).trim();
    if (!NAME.test(name)) return `Headers, line ${i + 1}: write Name: value, not "${line.trim()}"`;
    out[name] = line.slice(colon + 1).trim();
  }
  return out;
}
