/**
 * A connection's roots table, on its card: what roots/list is answered with (at once, no
 * dialog). An edit tells a handshake server (notifications/roots/list_changed); the stateless
 * flow has no such notification, and the line under the table says so.
 */
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { declaresRoots, rootProblem } from '../../../../protocol/roots.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import type { SessionStore } from '../../session/sessionStore.js';

export function RootsEditor({ info, store }: { info: ConnInfo; store: SessionStore }) {
  useSyncExternalStore(store.roots.subscribe, store.roots.getSnapshot);
  const [uri, setUri] = useState('file:///');
  const [problem, setProblem] = useState<string | undefined>();
  const [said, setSaid] = useState<string | undefined>();
  if (!declaresRoots(info.capabilities ?? {})) return null;
  const roots = store.roots.get(info.conn);

  const update = (next: typeof roots): void => setSaid(store.setRoots(info.conn, next));
  const add = (event: FormEvent): void => {
    event.preventDefault();
    const found = rootProblem(uri, roots);
    setProblem(found);
    if (found !== undefined) return;
    update([...roots, { uri }]);
    setUri('file:///');
  };

  return (
    <details className="roots-editor" data-testid="roots-editor">
      <summary>Roots: {roots.length}</summary>
      <table className="roots">
        <tbody>
          {roots.map((r) => (
            <tr key={r.uri}>
              <td>
                <code>{r.uri}</code>
              </td>
              <td>
                <button type="button" onClick={() => update(roots.filter((x) => x.uri !== r.uri))} aria-label={`Remove ${r.uri}`}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="row" onSubmit={add}>
        <input aria-label="Root URI" value={uri} onChange={(e) => setUri(e.target.value)} spellCheck={false} />
        <button type="submit">Add root</button>
      </form>
      {problem !== undefined && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {said !== undefined && (
        <p className="status" data-testid="roots-status">
          {said}
        </p>
      )}
    </details>
  );
}
