import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ConnInfo } from '../../../../protocol/session.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { commandLine, connectionName } from '../../ui/connectionName.js';
import { ConnectionControls } from './ConnectionControls.js';
import { AuthCardActions } from '../auth/AuthCardActions.js';

interface Props {
  info: ConnInfo;
  store: SessionStore;
  /** The connection the panels work on. */
  active?: boolean;
  onSelect?: () => void;
  /** Shows this connection's authorization steps on the timeline, this event's row selected. */
  onShowAuth?: (seq: number) => void;
}

export function ConnectionCard({ info, store, active, onSelect, onShowAuth }: Props) {
  const [raw, setRaw] = useState('');
  // Compact by default, so many cards fit beside the form: how it connected shows its last step,
  // and the raw line box opens on demand.
  const [allSteps, setAllSteps] = useState(false);
  const [rawOpen, setRawOpen] = useState(false);
  const http = info.config?.transport === 'http';
  const running = info.status === 'running' || info.status === 'starting';
  const name = connectionName(info);
  if (info.tap || info.config?.transport === 'app') return <TappedCard info={info} store={store} name={name} />;

  const send = (event?: FormEvent): void => {
    event?.preventDefault();
    if (raw === '') return;
    store.sendRaw(info.conn, raw);
    setRaw('');
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
  };

  const actions = (
    <>
      {!rawOpen && (
        <button type="button" aria-expanded={false} onClick={() => setRawOpen(true)}>
          {http ? 'Raw message…' : 'Raw line…'}
        </button>
      )}
      <button
        type="button"
        onClick={() => store.disconnect(info.conn)}
        title={http ? 'Close its streams, end its session (DELETE), close the connection' : 'Close stdin, then SIGTERM, then SIGKILL'}
      >
        Stop
      </button>
    </>
  );

  return (
    <section
      className={`conn ${active ? 'active' : ''}`}
      data-testid="connection"
      data-conn={info.conn}
      data-status={info.status}
      aria-label={`Connection ${info.conn}`}
    >
      <div className="title">
        {onSelect && info.connected && info.status === 'running' ? (
          <button type="button" className="link" onClick={onSelect} aria-pressed={active} title="Work on this connection">
            {info.conn}
          </button>
        ) : (
          <span>{info.conn}</span>
        )}
        {info.connected && (
          <span className={`pill ${info.connected.flow}`} data-testid="flow-pill">
            {info.connected.flow} · {info.connected.protocolVersion}
          </span>
        )}
      </div>
      <div className="meta line" title={info.config ? commandLine(info.config) : name} data-testid="conn-name">
        {name}
      </div>
      {/* Why it could not start is read whole; a running one's counts fit one line. */}
      <div className={info.status === 'failed' ? 'meta' : 'meta line'} title={statusLine(info)} data-testid="conn-status">
        {statusLine(info)}
      </div>
      {info.steps.length > 0 && (
        <div className="conn-steps">
          {/* Every step stays in the list (it is what it says); folded, only the last one shows. */}
          <ol aria-label="Connection steps" id={`steps-${info.conn}`} className={allSteps ? '' : 'folded'}>
            {info.steps.map((s, i) => (
              <li key={i} hidden={!allSteps && i < info.steps.length - 1}>
                {s}
              </li>
            ))}
          </ol>
          {info.steps.length > 1 && (
            <button
              type="button"
              className="link"
              aria-expanded={allSteps}
              aria-controls={`steps-${info.conn}`}
              onClick={() => setAllSteps((v) => !v)}
            >
              {allSteps ? 'last step only' : `all ${info.steps.length} steps`}
            </button>
          )}
        </div>
      )}
      {http && running && (
        <AuthCardActions
          conn={info.conn}
          events={store.model.authEvents}
          onForget={() => store.authForget(info.conn)}
          onShow={onShowAuth}
        />
      )}
      {info.connectError && (
        <p className="error" role="alert" data-testid="connect-error">
          {info.connectError}
        </p>
      )}
      {/* An open connection's controls take the card's buttons into their row; any other running one gets a row of its own. */}
      {info.connected && info.status === 'running' ? (
        <ConnectionControls info={info} store={store} actions={actions} />
      ) : (
        running && <div className="row">{actions}</div>
      )}
      {running && rawOpen && (
        <form onSubmit={send}>
          <label htmlFor={`raw-${info.conn}`}>
            {http
              ? 'Send a raw message (the body of a POST, exactly as typed; Ctrl+Enter)'
              : 'Send a raw line (exactly as typed; Ctrl+Enter)'}
          </label>
          <textarea
            id={`raw-${info.conn}`}
            rows={2}
            value={raw}
            onChange={(e) => setRaw(e.target.value)}
            onKeyDown={onKey}
            spellCheck={false}
            autoFocus
          />
          <div className="row">
            <button type="submit" disabled={raw === ''}>
              Send line
            </button>
          </div>
        </form>
      )}
      <RemoveRow info={info} store={store} />
    </section>
  );
}

/**
 * A host's connection seen through `mcp-lens tap`: what passed, live, and nothing to act with.
 * The host owns it; MCP Lens never writes into it, stops it or connects on it.
 */
/** A connection MCP Lens only watches: a host's, through a tap, or an MCP App's lane (its postMessages). */
function TappedCard({ info, store, name }: { info: ConnInfo; store: SessionStore; name: string }) {
  const app = info.config?.transport === 'app' ? info.config : undefined;
  return (
    <section
      className="conn tapped"
      data-testid="connection"
      data-conn={info.conn}
      data-status={info.status}
      {...(app ? { 'data-app-lane': app.of } : { 'data-tapped': '' })}
      aria-label={`Connection ${info.conn}, ${app ? 'an MCP App' : 'tapped'}`}
    >
      <div className="title">
        <span>{info.conn}</span>
        {app ? (
          <span className="pill tap" data-testid="app-pill" title={`The messages between MCP Lens and the app ${app.uri} of ${app.of}`}>
            MCP App on {app.of}
          </span>
        ) : (
          <span
            className="pill tap"
            data-testid="tap-pill"
            title="A host's own connection, recorded by mcp-lens tap: MCP Lens only watches it"
          >
            tapped · read-only
          </span>
        )}
      </div>
      <div className="meta line" title={info.config ? commandLine(info.config) : name} data-testid="conn-name">
        {name}
      </div>
      <div className="meta line" title={statusLine(info)} data-testid="conn-status">
        {statusLine(info)}
      </div>
      <RemoveRow info={info} store={store} />
    </section>
  );
}

/** A connection that ended comes off the list with one click; its events stay in the log. */
function RemoveRow({ info, store }: { info: ConnInfo; store: SessionStore }) {
  if (info.status !== 'exited' && info.status !== 'failed') return null;
  return (
    <div className="row">
      <button type="button" onClick={() => store.remove(info.conn)} title="Take it off the list; the log keeps its events">
        Remove
      </button>
    </div>
  );
}

export function statusLine(info: ConnInfo): string {
  switch (info.status) {
    case 'starting':
      return 'starting…';
    case 'running': {
      if (info.config?.transport === 'app') return `rendered · ${info.stdinLines} from the app, ${info.stdoutLines} to it`;
      if (info.tap) {
        const counts =
          info.config?.transport === 'http'
            ? `${info.http?.requests ?? 0} requests, ${info.stdinLines} sent, ${info.stdoutLines} received`
            : `${info.stdinLines} from the host, ${info.stdoutLines} from the server, ${info.stderrLines} stderr`;
        return `tapped${info.tap.pid === undefined ? '' : ` (tap pid ${info.tap.pid})`} · ${counts}`;
      }
      // No connect choice journaled: launch only, the user writes the opening lines.
      const opening = info.choice === undefined ? 'launched: write the opening lines' : 'connecting…';
      const state = info.connected ? 'connected' : info.connectError ? 'connect failed' : opening;
      if (info.config?.transport === 'http') {
        const http = info.http ?? { requests: 0, responses: 0, sseEvents: 0 };
        return `${http.legacy ? 'HTTP+SSE (2024-11-05)' : 'HTTP'} · ${state} · ${info.stdinLines} sent, ${info.stdoutLines} received · ${http.requests} requests, ${http.sseEvents} SSE events`;
      }
      return `pid ${info.pid ?? '?'} · ${state} · ${info.stdinLines} sent, ${info.stdoutLines} received, ${info.stderrLines} stderr`;
    }
    case 'exited': {
      const exit = info.exit;
      if (info.config?.transport === 'app') return `torn down · ${info.stdinLines} from the app, ${info.stdoutLines} to it`;
      if (info.config?.transport === 'http')
        return info.stopReason === 'idle' ? 'closed: no tab showed it for the idle time (--idle-stop)' : 'closed';
      const how = exit?.signal ? `signal ${exit.signal}` : `code ${exit?.code ?? '?'}`;
      const stopped = info.stopReason === 'idle' ? 'stopped: no tab showed it for the idle time (--idle-stop)' : 'stopped';
      return `${exit?.requested ? stopped : 'exited'} (${how})`;
    }
    case 'failed':
      return `could not start: ${info.spawnError ?? 'unknown error'}`;
  }
}
