import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SessionModel, type ConnInfo } from '../../../../protocol/session.js';
import { looksLikeJournal } from '../../../../protocol/sessionOpen.js';
import { readJournal, readJournalHead } from '../../../../protocol/timeline/journalReader.js';
import { isCutOff, parseEventText } from '../../../../protocol/timeline/eventLine.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { formatCount } from '../../ui/count.js';

export interface Archive {
  session: string;
  /**
   * The session folded in the page, for its comparisons and connection names. Absent for a
   * journal too large to fold in the page: the timeline's worker reads it instead.
   */
  model?: SessionModel;
  problems: string[];
  /** Read from the bridge's journal (the sidebar), so a worker can read it there too; else a file. */
  journal?: boolean;
  /** A file opened from disk: its events as timeline frames, cut by the opener's worker. */
  frames?: readonly string[];
  /** A file's connections, named as the worker folded them (also when the model is absent). */
  conns?: readonly ConnInfo[];
  /** How many events a file held. */
  count?: number;
}

interface SessionsReply {
  current: string;
  sessions: { session: string; bytes: number; modified: string }[];
  /** Journal files the bridge could not read (a dangling link, say): skipped. */
  unreadable?: string[];
  /** Files in the journal folder not named as its sessions are (a session file saved there): not listed. */
  misnamed?: string[];
}

/** About 80,000 events: folded in the page, in slices, in well under a second. */
const IN_PAGE_BYTES = 16 * 1024 * 1024;

/** Journals on disk, this run's and earlier runs', each one click from being read back. */
export function PastSessions({
  store,
  current,
  onOpen,
  openFile,
}: {
  store: SessionStore;
  current: string | undefined;
  onOpen: (a: Archive) => void;
  /** Opens what is not a journal as a file from disk is opened: what it is, or why it will not open. */
  openFile: (file: File) => Promise<void>;
}) {
  const [error, setError] = useState<string | undefined>();
  /** Events read so far of a journal being opened. */
  const [reading, setReading] = useState<number | undefined>();
  const sessions = useQuery({
    queryKey: ['sessions', current],
    queryFn: async () => (await (await store.api('/api/sessions')).json()) as SessionsReply,
    enabled: current !== undefined,
  });

  const open = async (session: string, bytes: number): Promise<void> => {
    setError(undefined);
    const source = store.journalSource(session);
    // Anything can be saved into the journal folder under a journal's name, an exported session
    // file most likely: read as lines it would be nothing but damaged ones.
    const head = await readJournalHead(source.url, source.token);
    if (head !== undefined && !looksLikeJournal(head.charCodeAt(0) === 0xfeff ? head.slice(1) : head)) {
      await openAsFile(session, source);
      return;
    }
    // Past this size only the timeline's worker reads the journal (the tail first): folding a
    // million events in the page would hold its memory and its thread for nothing the view needs.
    if (bytes > IN_PAGE_BYTES) {
      onOpen({ session, problems: [], journal: true });
      return;
    }
    setReading(0);
    try {
      const { model, problems } = await foldJournal(source, (events) => setReading(events));
      onOpen({ session, model, problems, journal: true });
      if (problems.length > 0) setError(`${problems.length} damaged line(s): ${problems[0]}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setReading(undefined);
    }
  };

  const openAsFile = async (session: string, source: { url: string; token: string }): Promise<void> => {
    let blob: Blob;
    try {
      const response = await fetch(source.url, { headers: { Authorization: `Bearer ${source.token}` } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      blob = await response.blob();
    } catch (e) {
      setError(`the journal could not be fetched: ${(e as Error).message}`);
      return;
    }
    await openFile(new File([blob], `${session}.jsonl`));
  };

  const past = (sessions.data?.sessions ?? []).filter((s) => s.session !== current);
  return (
    <div data-testid="past-sessions">
      <div className="row">
        <button type="button" onClick={() => void sessions.refetch()}>
          Refresh
        </button>
        <span className="status" data-testid="past-sessions-status">
          {reading !== undefined
            ? `opening: ${formatCount(reading)} events read…`
            : sessions.isFetching
              ? 'loading…'
              : `${past.length} earlier session(s)`}
        </span>
      </div>
      {sessions.error && <p className="error">{sessions.error.message}</p>}
      {(sessions.data?.unreadable?.length ?? 0) > 0 && (
        <p className="status warn-text" data-testid="unreadable-journals" title={sessions.data?.unreadable?.join('\n')}>
          {sessions.data?.unreadable?.length} journal file(s) could not be read and are not listed
        </p>
      )}
      {(sessions.data?.misnamed?.length ?? 0) > 0 && (
        <p className="status warn-text" data-testid="misnamed-journals">
          {sessions.data?.misnamed?.length} file(s) in the journal folder are not named as its sessions are, and are not listed:{' '}
          {sessions.data?.misnamed?.slice(0, 5).join(', ')}
          {(sessions.data?.misnamed?.length ?? 0) > 5 ? ', …' : ''} (Open a file… reads them)
        </p>
      )}
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

/** Folding time between yields: an earlier session of a million events opens without one long task. */
const SLICE_MS = 12;

/**
 * Reads a journal as a stream (never one string: journals can pass the browser's largest) and
 * folds it into a SessionModel a slice at a time, telling how far it got.
 */
async function foldJournal(
  source: { url: string; token: string },
  progress: (events: number) => void,
): Promise<{ model: SessionModel; problems: string[] }> {
  const model = new SessionModel({ lint: false });
  const problems: string[] = [];
  let lineNo = 0;
  let sliceStart = performance.now();
  const take = (text: string, last: boolean): void => {
    lineNo++;
    const parsed = parseEventText(text);
    if (parsed.ok) model.apply(parsed.event);
    else if (problems.length >= 100) return;
    else if (last && isCutOff(parsed)) problems.push(`line ${lineNo} is cut off (the bridge stopped mid-write)`);
    else problems.push(`line ${lineNo}: ${parsed.error}`);
  };
  const outcome = await readJournal(source.url, source.token, {
    line: (text) => take(text, false),
    alive: () => true,
    progress: async () => {
      if (performance.now() - sliceStart < SLICE_MS) return;
      progress(model.count);
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    },
  });
  if (!outcome.ok) throw new Error(outcome.message);
  // The last line came without its "\n": whole JSON all the same is read as any line.
  if (outcome.cutLine !== undefined) take(outcome.cutLine, true);
  return { model, problems };
}
