import type { ConnInfo } from '../../../../protocol/session.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { ConnectionCard } from './ConnectionCard.js';
import { ExportServersButton } from './ExportServersButton.js';

interface Props {
  store: SessionStore;
  conns: readonly ConnInfo[];
  /** The connection the panels work on. */
  active: string | undefined;
  onSelect: (conn: string) => void;
  /** Shows a connection's authorization steps on the timeline, this event's row selected. */
  onShowAuth?: (conn: string, seq: number) => void;
}

/** The connections still listed, newest first, with the actions that keep them from piling up. */
export function ConnectionList({ store, conns, active, onSelect, onShowAuth }: Props) {
  const listed = conns.filter((c) => !c.removed);
  const running = listed.some((c) => !c.tap && c.config?.transport !== 'app' && (c.status === 'running' || c.status === 'starting'));
  const stopped = listed.some((c) => c.status === 'exited' || c.status === 'failed');
  return (
    <>
      <div className="row conn-actions">
        <h2>Connections</h2>
        <button type="button" disabled={!running} onClick={() => store.stopAll()} title="Stop every server still running">
          Stop all
        </button>
        <button type="button" disabled={!stopped} onClick={() => store.removeStopped()} title="Take every stopped connection off the list">
          Remove stopped
        </button>
        <ExportServersButton conns={listed} />
      </div>
      {listed.length === 0 && (
        <p className="status">{conns.length === 0 ? 'None yet.' : 'None listed: removed connections stay in the log.'}</p>
      )}
      <div className="conn-list">
        {[...listed].reverse().map((info) => (
          <ConnectionCard
            key={info.conn}
            info={info}
            store={store}
            active={info.conn === active}
            onSelect={() => onSelect(info.conn)}
            {...(onShowAuth ? { onShowAuth: (seq: number) => onShowAuth(info.conn, seq) } : {})}
          />
        ))}
      </div>
    </>
  );
}
