/**
 * Opening a session file or a journal from disk, three ways: the picker in the sidebar, a drop
 * anywhere on the page, and `mcp-lens view FILE` (the page fetches the file from the bridge at
 * start). All three go through one opener, so they show the same progress and the same
 * reasons, in one place on the page, whatever the file turns out to be.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { SessionModel } from '../../../../protocol/session.js';
import type { Archive } from './PastSessions.js';
import { openFileInWorker, progressText } from './openFile.js';
import { FilePickerButton } from '../../ui/FilePickerButton.js';
import './openFile.css';

export type OpenerState =
  | { kind: 'idle' }
  | { kind: 'busy'; name: string; text: string }
  | { kind: 'error'; name: string; message: string }
  | { kind: 'opened'; name: string; warning?: string };

export interface FileOpener {
  state: OpenerState;
  open(file: File): Promise<void>;
  /** A file that never reached the opener (the bridge would not hand it over): why. */
  report(name: string, message: string): void;
  dismiss(): void;
}

/** Folding time between yields, as the sidebar's journals fold: no long task however many events. */
const SLICE_MS = 12;

async function fold(events: readonly BridgeEvent[]): Promise<SessionModel> {
  const model = new SessionModel({ lint: false });
  let sliceStart = performance.now();
  for (const event of events) {
    model.apply(event);
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
  }
  return model;
}

export function useFileOpener(onOpen: (archive: Archive) => void): FileOpener {
  const [state, setState] = useState<OpenerState>({ kind: 'idle' });
  /** Only the latest file opened may change what the page shows. */
  const latest = useRef(0);
  const open = useCallback(
    async (file: File): Promise<void> => {
      const ticket = ++latest.current;
      const name = file.name || 'the file';
      setState({ kind: 'busy', name, text: 'reading…' });
      const outcome = await openFileInWorker(file, (progress) => {
        if (latest.current === ticket) setState({ kind: 'busy', name, text: progressText(progress) });
      });
      if (latest.current !== ticket) return;
      if (outcome.type === 'error') {
        setState({ kind: 'error', name, message: outcome.message });
        return;
      }
      const model = outcome.events ? await fold(outcome.events) : undefined;
      if (latest.current !== ticket) return;
      onOpen({
        session: name,
        ...(model ? { model } : {}),
        frames: outcome.frames,
        conns: outcome.conns,
        count: outcome.count,
        problems: outcome.problems,
      });
      const damaged = outcome.problems.length;
      setState({
        kind: 'opened',
        name,
        ...(damaged > 0
          ? { warning: `${damaged === 100 ? '100 or more' : damaged} damaged line(s) skipped; the first: ${outcome.problems[0]}` }
          : {}),
      });
    },
    [onOpen],
  );
  const report = useCallback((name: string, message: string) => {
    latest.current++;
    setState({ kind: 'error', name, message });
  }, []);
  const dismiss = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, open, report, dismiss };
}

/** The picker: a button (reachable by keyboard) standing for the file input it clicks. */
export function OpenSessionFile({ opener }: { opener: FileOpener }) {
  return (
    <div className="row">
      <FilePickerButton
        accept=".json,.jsonl,application/json,application/x-ndjson"
        inputTestId="open-session-file"
        buttonTestId="open-file-button"
        disabled={opener.state.kind === 'busy'}
        onFile={(file) => void opener.open(file)}
      />
      <span className="status">a session file or a journal; or drop one anywhere</span>
    </div>
  );
}

/** Where the opener says how far it got or why a file would not open: on top of whatever the page shows. */
export function OpenStatus({ opener }: { opener: FileOpener }) {
  const { state } = opener;
  if (state.kind === 'idle' || (state.kind === 'opened' && !state.warning)) return null;
  const bad = state.kind === 'error';
  return (
    <div className={`open-status${bad ? ' bad' : ''}`} role={bad ? 'alert' : 'status'} data-testid="open-status">
      {state.kind === 'busy' && (
        <span data-testid="open-progress">
          Opening {state.name}: {state.text}
        </span>
      )}
      {state.kind === 'error' && (
        <span data-testid="open-error">
          {state.name}: {state.message}
        </span>
      )}
      {state.kind === 'opened' && <span data-testid="open-warning">{`${state.name}: ${state.warning ?? ''}`}</span>}
      {state.kind !== 'busy' && (
        <button type="button" className="link" onClick={opener.dismiss} aria-label="Dismiss">
          ✕
        </button>
      )}
    </div>
  );
}

/**
 * The whole page takes a dropped file. Only drags that carry files are caught, so text dragged
 * within the page still drops where it is aimed.
 */
export function useDropToOpen(open: FileOpener['open']): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const carriesFiles = (e: DragEvent): boolean => e.dataTransfer?.types.includes('Files') ?? false;
    const enter = (e: DragEvent): void => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth++;
      setOver(true);
    };
    const overPage = (e: DragEvent): void => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent): void => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (e: DragEvent): void => {
      if (!carriesFiles(e)) return;
      // The browser's own handling of a dropped file is to navigate to it, leaving the app.
      e.preventDefault();
      depth = 0;
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (file) void open(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overPage);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overPage);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [open]);
  return over;
}

export function DropOverlay({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <div>Drop a session file (.mcplens.json) or a journal (.jsonl) to open it, read-only</div>
    </div>
  );
}

/**
 * `mcp-lens view FILE` starts the app with `view` in the address's fragment: the page fetches
 * the file the bridge holds for it and opens it like a dropped one.
 */
export function useViewAtStart({ open, report }: FileOpener, api: (path: string) => Promise<Response>): void {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const param = window.location.hash
      .replace(/^#/, '')
      .split('&')
      .find((p) => p === 'view' || p.startsWith('view='));
    if (param === undefined) return;
    void (async () => {
      try {
        const response = await api('/api/view');
        const name = decodeURIComponent(response.headers.get('X-File-Name') ?? 'session');
        await open(new File([await response.blob()], name));
      } catch (error) {
        report('The file given to mcp-lens view', `the bridge did not hand it over (${(error as Error).message})`);
      }
    })();
  }, [open, report, api]);
}
