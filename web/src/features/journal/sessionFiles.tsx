/**
 * Session files: export what this tab holds (every event, exact bytes, secrets redacted:
 * see ExportDialog). Opening one is OpenSessionFile.tsx.
 */
import { useState } from 'react';
import type { SessionStore } from '../../session/sessionStore.js';
import { ExportDialog } from './ExportDialog.js';

/** Opens the export dialog, which reads the session, lists what it redacts and writes the file. */
export function ExportButton({ store, session, count }: { store: SessionStore; session: string | undefined; count: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={count === 0}
        data-testid="export-session"
        title="Every event with its exact bytes; secrets redacted (the dialog lists them)"
      >
        Export session
      </button>
      {open && <ExportDialog store={store} session={session} onClose={() => setOpen(false)} />}
    </>
  );
}
