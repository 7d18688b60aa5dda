import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { PastSessions, type Archive } from '../features/journal/PastSessions.js';
import { SessionStore } from '../session/sessionStore.js';
import { takeToken } from '../session/token.js';
import { ConnectPanel } from '../features/connect/ConnectPanel.js';
import { ConnectionCard } from '../features/connect/ConnectionCard.js';
import { LiveLog } from '../features/log/LiveLog.js';
import { useTheme } from './useTheme.js';
import type { SocketStatus } from '../session/bridgeSocket.js';

export function App() {
  const store = useMemo(() => new SessionStore(takeToken()), []);
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [theme, toggleTheme] = useTheme();
  const [archive, setArchive] = useState<Archive | undefined>();
  const refused = snapshot.status.state === 'refused';

  return (
    <div className="app">
      <header className="topbar">
        <h1>MCP Lens</h1>
        <span className={`status ${snapshot.status.state === 'open' ? '' : 'bad'}`} data-testid="socket-status" role="status">
          {snapshot.status.state === 'open' && snapshot.backlog > 0
            ? `replaying the journal: ${snapshot.backlog} events to go`
            : statusText(snapshot.status)}
        </span>
        <span className="spacer" />
        {snapshot.welcome && <span className="status">session {snapshot.welcome.session}</span>}
        <button type="button" onClick={toggleTheme} aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}>
          {theme === 'dark' ? '☀ Light' : '☾ Dark'}
        </button>
      </header>
      {refused && <div className="banner bad" role="alert">{snapshot.status.state === 'refused' && snapshot.status.reason}</div>}
      {snapshot.problems.length > 0 && (
        <div className="banner bad" role="alert">
          {snapshot.problems.at(-1)}
        </div>
      )}
      <div className="main">
        <aside className="sidebar" aria-label="Servers">
          <h2>Connect</h2>
          <ConnectPanel store={store} welcome={snapshot.welcome} disabled={snapshot.status.state !== 'open'} />
          <h2>Connections</h2>
          {snapshot.conns.length === 0 && <p className="status">None yet.</p>}
          {[...snapshot.conns].reverse().map((info) => (
            <ConnectionCard key={info.conn} info={info} store={store} />
          ))}
          <h2>Journal</h2>
          <PastSessions store={store} current={snapshot.welcome?.session} onOpen={setArchive} />
        </aside>
        {archive ? (
          <div className="log-pane" style={{ gridTemplateRows: 'auto 1fr' }}>
            <div className="banner" role="status" data-testid="archive-banner">
              Viewing past session {archive.session} (read-only, {archive.model.events.length} events){' '}
              <button type="button" onClick={() => setArchive(undefined)}>
                Back to the live session
              </button>
            </div>
            <LiveLog events={archive.model.events} version={archive.model.version} conns={[...archive.model.conns.values()]} />
          </div>
        ) : (
          <LiveLog events={store.model.events} version={snapshot.version} conns={snapshot.conns} />
        )}
      </div>
    </div>
  );
}

function statusText(status: SocketStatus): string {
  switch (status.state) {
    case 'open':
      return 'bridge connected';
    case 'connecting':
      return status.attempt > 1 ? `reconnecting (attempt ${status.attempt})…` : 'connecting to the bridge…';
    case 'waiting':
      return `${status.reason}; retrying in ${Math.round(status.retryInMs / 100) / 10} s`;
    case 'refused':
      return 'not connected';
  }
}
