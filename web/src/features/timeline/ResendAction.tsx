/**
 * "Edit and resend" on a request the client sent: the request's method and params in the JSON
 * editor, sent on the same connection as a new request (a new id, and in the stateless flow a
 * fresh _meta envelope) once the user confirms. Its exchange then shows in the timeline like any
 * other. A recording, or a connection no longer open, has nothing to send on: the button says so.
 */
import { useState } from 'react';
import { draftFromRequest, parseDraft } from '../../../../protocol/resend.js';
import { JsonEditor } from '../../ui/JsonEditor.js';
import { ModalDialog } from '../../ui/ModalDialog.js';
import { useSnapshot, useStore } from '../../session/StoreContext.js';
import { ResendUnavailable } from './ResendUnavailable.js';

export interface ResendProps {
  conn: string;
  connName: string;
  /** The request line as sent, parsed. */
  request: unknown;
}

export function ResendAction({ conn, connName, request }: ResendProps) {
  const store = useStore();
  useSnapshot(); // a connection that closes disables the button
  const draft = draftFromRequest(request);
  const session = store.client(conn);
  const [editing, setEditing] = useState(false);
  const [sent, setSent] = useState<string | undefined>();
  if (!draft) return null;
  if (store.model.conns.get(conn)?.config?.transport === 'app')
    return <ResendUnavailable reason={`${connName} is an MCP App's lane: its messages are between the app and MCP Lens.`} />;
  if (store.model.conns.get(conn)?.tap)
    return <ResendUnavailable reason={`${connName} is a host's connection, recorded by mcp-lens tap: MCP Lens only watches it.`} />;
  if (!session) return <ResendUnavailable reason={`${connName} is not open: there is nothing to send it on.`} />;
  return (
    <div className="row wrap tl-resend">
      <button type="button" onClick={() => setEditing(true)} data-testid="resend">
        Edit and resend
      </button>
      {sent && (
        <span className="status" role="status" data-testid="resend-sent">
          {sent}
        </span>
      )}
      {editing && (
        <ResendDialog
          initial={JSON.stringify(draft, null, 2)}
          connName={connName}
          stateless={session.flow === 'stateless'}
          onClose={() => setEditing(false)}
          onSend={(method, params) => {
            const { id } = session.request(method, params);
            setSent(`Sent again as ${method} #${String(id)} on ${connName}.`);
            setEditing(false);
          }}
        />
      )}
    </div>
  );
}

function ResendDialog({
  initial,
  connName,
  stateless,
  onClose,
  onSend,
}: {
  initial: string;
  connName: string;
  stateless: boolean;
  onClose: () => void;
  onSend: (method: string, params: Record<string, unknown> | undefined) => void;
}) {
  const [text, setText] = useState(initial);
  const parsed = parseDraft(text);
  const dark = document.documentElement.dataset.theme === 'dark';
  return (
    <ModalDialog className="tl-resend-dialog" labelledBy="tl-resend-title" testId="resend-dialog" onClose={onClose}>
      <h3 id="tl-resend-title">Edit and resend on {connName}</h3>
      <p className="status">
        Sent as a new request with the connection&apos;s next id.
        {stateless &&
          ' The _meta envelope (protocol version, capabilities, client identity) is built afresh for it; other _meta keys go as written.'}
      </p>
      <JsonEditor value={text} onChange={setText} path="resend-request.json" height={280} dark={dark} label="The request to send again" />
      {!parsed.ok && (
        <p className="error" role="alert">
          Not sent: {parsed.reason}
        </p>
      )}
      <div className="row">
        <span className="spacer" />
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={!parsed.ok}
          onClick={() => parsed.ok && onSend(parsed.draft.method, parsed.draft.params)}
          data-testid="resend-send"
        >
          Send
        </button>
      </div>
    </ModalDialog>
  );
}
