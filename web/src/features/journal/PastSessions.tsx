import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readJournalText } from '../../../../protocol/journalFile.js';
import { SessionModel } from '../../../../protocol/session.js';
import type { SessionStore } from '../../session/sessionStore.js';

export interface Archive {
  session: string;
  /**
   * The session folded in the page, for its comparisons and connection names. Absent for a
   * journal too large to read in the page at once: the timeline's worker reads it instead.
   */
  model?: SessionModel;
  problems: string[];
  /** Read from the bridge's journal (the sidebar), so a worker can read it there too; else a file. */
  journal?: boolean;
}

interface SessionsReply {
  current: string;
  sessions: { session: string; bytes: number; modified: string }[];
}

/** About 80,000 events: folded in the page in well under a second. */
const IN_PAGE_BYTES = 16 * 1024 * 1024;

/** Journals on disk, this run's and earlier runs', each one click from being read back. */
export function PastSessions({
  store,
  current,
  onOpen,
}: {
  store: SessionStore;
  current: string | undefined;
  onOpen: (a: Archive) => void;
}) {
  const [error, setError] = useState<string | undefined>();
  const sessions = useQuery({
    queryKey: ['sessions', current],
    queryFn: async () => (await (await store.api('/api/sessions')).json()) as SessionsReply,
    enabled: current !== undefined,
  });

  const open = async (session: string, bytes: number): Promise<void> => {
    setError(undefined);
    // Reading and folding a journal is one long task in the page: past this size only the
    // timeline's worker reads it (the tail first), and the page stays responsive.
    if (bytes > IN_PAGE_BYTES) {
      onOpen({ session, problems: [], journal: true });
      return;
    }
    try {
      const text = await (await store.api(`/api/sessions/${encodeURIComponent(session)}/journal`)).text();
      const { events, problems } = readJournalText(text);
      const model = new SessionModel();
      for (const event of events) model.apply(event);
      onOpen({ session, model, problems, journal: true });
      if (problems.length > 0) setError(`${problems.length} damaged line(s): ${problems[0]}`);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const past = (sessions.data?.sessions ?? []).filter((s) => s.session !== current);
  return (
    <div data-testid="past-sessions">
      <div className="row">
        <button type="button" onClick={() => void sessions.refetch()}>
          Refresh
        </button>
        <span className="status">{sessions.isFetching ? 'loading…' : `${past.length} earlier session(s)`}</span>
      </div>
      {sessions.error && <p className="error">{sessions.error.message}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <ul style={{ paddingLeft: 16, fontSize: 12 }}>
        {past.slice(0, 20).map((s) => (
          <li key={s.session}>
            <button
              type="button"
              className="link"
              onClick={() => void open(s.session, s.bytes)}
              title={`${s.bytes} bytes, last written ${s.modified}`}
            >
              {s.session}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
