/**
 * "Export session": what the file will hide, before it is written. Lists every value redacted
 * per connection; for a connection this tab launched (its config known in clear, in memory
 * only) a checkbox keeps one; and it names the recorded lines that contain a redacted value (a
 * server echoing a token), which the export masks unless the user keeps them. A modal dialog:
 * focus stays inside, Escape closes, focus returns to the button.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ModalDialog } from '../../ui/ModalDialog.js';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { applyExportChoices, planExport, type EchoedEvent, type ExportItem } from '../../../../protocol/exportRedaction.js';
import { buildSessionFile, type SessionFile } from '../../../../protocol/sessionFile.js';
import { readJournalText } from '../../../../protocol/journalFile.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { connectionName } from '../../ui/connectionName.js';
import { clearConfigs } from '../connect/clearConfigs.js';
import { downloadViewerHtml } from './viewerExport.js';
import './exportDialog.css';

/** Echoed lines named one by one; past this, a count. */
const ECHOES_LISTED = 50;

interface Props {
  store: SessionStore;
  session: string | undefined;
  onClose: () => void;
}

type Loaded = { state: 'loading' } | { state: 'ready'; file: SessionFile } | { state: 'failed'; error: string };

/**
 * Every event of the live session. A tab that opened on a long session holds only its newest
 * events whole (docs/adr/0005), so the file is then built from the bridge's journal.
 */
async function sessionEvents(store: SessionStore, session: string | undefined): Promise<readonly BridgeEvent[]> {
  if (store.model.events.length === store.model.count || session === undefined) return store.model.events;
  const response = await store.api(`/api/sessions/${encodeURIComponent(session)}/journal`);
  return readJournalText(await response.text()).events;
}

export function ExportDialog({ store, session, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [keep, setKeep] = useState<ReadonlySet<string>>(new Set());
  const [keepEchoes, setKeepEchoes] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    sessionEvents(store, session).then(
      (events) => live && setLoaded({ state: 'ready', file: buildSessionFile(events, { name: 'mcp-lens', version: '0.1.0' }) }),
      (e: unknown) => live && setLoaded({ state: 'failed', error: `the session could not be read: ${(e as Error).message}` }),
    );
    return () => {
      live = false;
    };
  }, [store, session]);

  const clear = clearConfigs(store);
  const plan = useMemo(() => (loaded.state === 'ready' ? planExport(loaded.file, clear) : undefined), [loaded, clear]);

  // Focus the first control once there is one (the list appears after the events are read).
  useEffect(() => {
    if (loaded.state !== 'loading') ref.current?.querySelector<HTMLElement>('input, button.primary')?.focus();
  }, [loaded.state]);

  const download = async (format: 'json' | 'html'): Promise<void> => {
    if (loaded.state !== 'ready' || !plan) return;
    setBusy(true);
    setError(undefined);
    try {
      const file = applyExportChoices(loaded.file, clear, plan, { keep, keepEchoes });
      const base = session ?? 'session';
      if (format === 'html') await downloadViewerHtml(JSON.stringify(file), base);
      else saveJson(JSON.stringify(file, null, 2), `${base}.mcplens.json`);
      onClose();
    } catch (e) {
      setError(`export failed: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (ref: string, on: boolean): void =>
    setKeep((k) => {
      const next = new Set(k);
      if (on) next.add(ref);
      else next.delete(ref);
      return next;
    });

  const names = useMemo(() => {
    const out = new Map<string, string>();
    if (loaded.state !== 'ready') return out;
    for (const c of loaded.file.connections) out.set(c.conn, connectionName({ ...(store.model.conns.get(c.conn) ?? {}), ...c }));
    return out;
  }, [loaded, store]);

  return (
    <ModalDialog className="export-dialog" labelledBy="export-title" testId="export-dialog" onClose={onClose} dialogRef={ref}>
      <h3 id="export-title">Export session</h3>
      {loaded.state === 'loading' && <p role="status">Reading the session…</p>}
      {loaded.state === 'failed' && (
        <p className="error" role="alert">
          {loaded.error}
        </p>
      )}
      {plan && (
        <>
          <Redactions items={plan.items} names={names} keep={keep} onToggle={toggle} />
          {plan.echoes.length > 0 && (
            <Echoes echoes={plan.echoes} items={plan.items} keep={keep} keepEchoes={keepEchoes} onKeepEchoes={setKeepEchoes} />
          )}
        </>
      )}
      {error && (
        <p className="error" role="alert" data-testid="export-error">
          {error}
        </p>
      )}
      <div className="row">
        <span className="spacer" />
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          onClick={() => void download('html')}
          disabled={!plan || busy}
          data-testid="export-download-html"
          title="One file that opens offline in a browser"
        >
          Download .html
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void download('json')}
          disabled={!plan || busy}
          data-testid="export-download"
        >
          {busy ? 'Exporting…' : 'Download .json'}
        </button>
      </div>
    </ModalDialog>
  );
}

function Redactions(props: {
  items: ExportItem[];
  names: ReadonlyMap<string, string>;
  keep: ReadonlySet<string>;
  onToggle: (ref: string, on: boolean) => void;
}) {
  const { items, names, keep, onToggle } = props;
  if (items.length === 0)
    return <p data-testid="export-nothing">Nothing to redact: no environment values or credential-looking arguments.</p>;
  const conns = [...new Set(items.map((i) => i.conn))];
  return (
    <section aria-labelledby="export-redacted-title">
      <h4 id="export-redacted-title">Redacted in the file</h4>
      <p className="export-hint">
        Replaced by <code>[redacted]</code>. Tick <em>keep</em> to leave a value in the file (only for servers this tab started).
      </p>
      {conns.map((conn) => (
        <fieldset key={conn} data-testid="export-conn" data-conn={conn}>
          <legend>
            {names.get(conn) ?? conn} <span className="export-muted">{conn}</span>
          </legend>
          <ul>
            {items
              .filter((i) => i.conn === conn)
              .map((item) => (
                <li key={item.ref} data-testid="export-item" data-ref={item.ref} data-rule={item.rule}>
                  {item.keepable ? (
                    <label className="check">
                      <input type="checkbox" checked={keep.has(item.ref)} onChange={(e) => onToggle(item.ref, e.target.checked)} />
                      keep
                    </label>
                  ) : (
                    <span className="export-muted" title="This tab did not start this server, so it does not know the value">
                      not known here
                    </span>
                  )}
                  <span className="export-where">{where(item)}</span>
                  <code className="export-context">{item.context}</code>
                  <span className="export-muted">
                    {RULES[item.rule]} · {item.preview}
                  </span>
                </li>
              ))}
          </ul>
        </fieldset>
      ))}
    </section>
  );
}

function Echoes(props: {
  echoes: EchoedEvent[];
  items: ExportItem[];
  keep: ReadonlySet<string>;
  keepEchoes: boolean;
  onKeepEchoes: (on: boolean) => void;
}) {
  const { echoes, items, keep, keepEchoes, onKeepEchoes } = props;
  const byRef = new Map(items.map((i) => [i.ref, i]));
  return (
    <section className="export-echoes" aria-labelledby="export-echoes-title" data-testid="export-echoes">
      <h4 id="export-echoes-title">
        ⚠ {echoes.length === 1 ? 'A recorded event contains' : `${echoes.length} recorded events contain`} a redacted value
      </h4>
      <p>
        A server may have echoed it. {keepEchoes ? 'They are exported exactly as recorded, values included.' : ''}
        {!keepEchoes &&
          'These events are altered in the export: each occurrence of a value not kept is replaced by [redacted] (and a line’s size recomputed), so their bytes are no longer those on the wire.'}
      </p>
      <ul>
        {echoes.slice(0, ECHOES_LISTED).map((echo) => (
          <li key={echo.seq} data-testid="export-echo" data-seq={echo.seq}>
            <span>#{echo.seq}</span> <span>{echo.conn ?? 'bridge'}</span> <span>{echo.stream ?? echo.kind}</span>
            <span className="export-muted">
              contains{' '}
              {echo.items
                .map((ref) => byRef.get(ref))
                .map((item) => (item ? `${where(item)}${keep.has(item.ref) ? ' (kept)' : ''}` : ''))
                .join(', ')}
            </span>
          </li>
        ))}
        {echoes.length > ECHOES_LISTED && <li>and {echoes.length - ECHOES_LISTED} more</li>}
      </ul>
      <label className="check">
        <input type="checkbox" checked={keepEchoes} onChange={(e) => onKeepEchoes(e.target.checked)} data-testid="export-keep-echoes" />
        Keep these events exactly as recorded (the values stay in the file)
      </label>
    </section>
  );
}

const RULES: Record<ExportItem['rule'], string> = {
  env: 'environment value',
  flag: 'credential flag',
  header: 'header',
  assignment: 'assignment',
  url: 'URL credential',
  json: 'JSON field',
  marked: 'marked secret',
};

function where(item: ExportItem): string {
  switch (item.field) {
    case 'command':
      return 'command';
    case 'args':
      return `argument ${(item.index ?? 0) + 1}`;
    case 'env':
      return `env ${item.key ?? ''}`;
    case 'cwd':
      return 'working directory';
    case 'url':
      return 'URL';
    case 'headers':
      return `header ${item.key ?? ''}`;
  }
}

function saveJson(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // The download has its own copy once started; the URL is kept a moment for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
