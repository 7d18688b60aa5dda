/**
 * Session files: export what this tab holds (every event, exact bytes, env values and
 * credential-like arguments redacted). Opening one is OpenSessionFile.tsx.
 */
import { useState } from 'react';
import { buildSessionFile } from '../../../../protocol/sessionFile.js';
import { readJournalText } from '../../../../protocol/journalFile.js';
import type { SessionStore } from '../../session/sessionStore.js';

/**
 * Exports every event of the live session. A tab that opened on a long session holds only its
 * newest events whole (docs/adr/0005), so the file is then built from the bridge's journal.
 */
export function ExportButton({ store, session, count }: { store: SessionStore; session: string | undefined; count: number }) {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const download = async (): Promise<void> => {
    setState({ busy: true });
    try {
      const held = store.model.events.length === store.model.count;
      const events =
        held || session === undefined
          ? store.model.events
          : readJournalText(await (await store.api(`/api/sessions/${encodeURIComponent(session)}/journal`)).text()).events;
      const file = buildSessionFile(events, { name: 'mcp-lens', version: '0.1.0' });
      const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${session ?? 'session'}.mcplens.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ busy: false });
    } catch (e) {
      setState({ busy: false, error: `export failed: ${(e as Error).message}` });
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void download()}
        disabled={count === 0 || state.busy}
        data-testid="export-session"
        title="Every event with its exact bytes; env values redacted"
      >
        {state.busy ? 'Exporting…' : 'Export session'}
      </button>
      {state.error && (
        <span className="status bad" role="alert" data-testid="export-error">
          {state.error}
        </span>
      )}
    </>
  );
}
