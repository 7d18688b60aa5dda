/**
 * The controls of an open connection, on its card: Ping (with the round trip) and the log
 * level, changed whenever the user likes. What the server did not declare is not offered: a
 * server without the logging capability gets no setLevel and no _meta level.
 */
import { useState, type ReactNode } from 'react';
import { LOG_LEVELS, type LogLevel } from '../../../../protocol/flows.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import { serverOffers } from '../../../../protocol/serverOffers.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { RootsEditor } from './RootsEditor.js';
import './connectionControls.css';

/** `actions`: the card's own buttons (raw line, stop), on the same row so a card stays short. */
export function ConnectionControls({ info, store, actions }: { info: ConnInfo; store: SessionStore; actions?: ReactNode }) {
  const [pinging, setPinging] = useState(false);
  const [pinged, setPinged] = useState<string | undefined>();
  const [level, setLevel] = useState<LogLevel | ''>(() => store.logLevel(info.conn) ?? '');
  const [levelText, setLevelText] = useState<string | undefined>();
  const connected = info.connected;
  if (!connected || info.status !== 'running') return null;
  const logging = serverOffers(connected.capabilities, 'logging');
  const handshake = connected.flow === 'handshake';

  const ping = (): void => {
    setPinging(true);
    void store.ping(info.conn).then((text) => {
      setPinged(text);
      setPinging(false);
    });
  };
  const changeLevel = (next: LogLevel | ''): void => {
    setLevel(next);
    setLevelText(undefined);
    void store.setLogLevel(info.conn, next === '' ? undefined : next).then(setLevelText);
  };

  return (
    <div className="conn-controls" data-testid="conn-controls">
      <div className="row">
        <button
          type="button"
          onClick={ping}
          disabled={pinging}
          title={handshake ? 'Send ping and time the answer' : '2026-07-28 has no ping: send server/discover and time the answer'}
        >
          Ping
        </button>
        <label htmlFor={`level-${info.conn}`} className="visually-hidden">
          Log level
        </label>
        <select
          id={`level-${info.conn}`}
          aria-label="Server log level"
          value={level}
          disabled={logging === 'no'}
          onChange={(e) => changeLevel(e.target.value as LogLevel | '')}
          title={handshake ? 'Sends logging/setLevel' : 'Goes in the _meta of every request from now on'}
        >
          {/* The handshake flow cannot take a level back once one is set. */}
          <option value="" disabled={handshake && level !== ''}>
            log: none
          </option>
          {LOG_LEVELS.map((l) => (
            <option key={l} value={l}>
              log ≥ {l}
            </option>
          ))}
        </select>
        {actions}
      </div>
      {/* One row for every control keeps the card short: three cards fit a 900 px window's list. */}
      {pinged !== undefined && (
        <p className="status" data-testid="ping-result" role="status">
          {pinged}
        </p>
      )}
      {(logging === 'no' || levelText !== undefined) && (
        <p className="status" data-testid="log-level-status">
          {logging === 'no' ? 'This server does not offer logging (no logging capability).' : levelText}
        </p>
      )}
      <RootsEditor info={info} store={store} />
    </div>
  );
}
