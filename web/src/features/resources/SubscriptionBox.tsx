import type { ConnInfo } from '../../../../protocol/session.js';
import { formatTime } from '../../ui/time.js';
import { honors, subscribeSupport, useSubscriptions, type Subscription } from './subscriptions.js';

/** How many updates are listed; older ones are only counted. */
const LISTED = 50;

export interface SubscriptionBoxProps {
  info: ConnInfo;
  uri: string;
  onReadAgain: () => void;
  reading: boolean;
}

/** Subscribe to one URI, see its notifications/resources/updated as they arrive, unsubscribe. */
export function SubscriptionBox({ info, uri, onReadAgain, reading }: SubscriptionBoxProps) {
  const registry = useSubscriptions();
  const conn = info.conn;
  const sub = registry.get(conn, uri);
  const support = subscribeSupport(info.connected?.flow, info.connected?.capabilities);
  const live = sub !== undefined && (sub.state === 'subscribing' || sub.state === 'active' || sub.state === 'unsubscribing');
  const honored = sub?.flow === 'stateless' ? honors(sub.acknowledged, uri) : undefined;
  return (
    <section className="subscription" aria-label="Subscription">
      <div className="row wrap">
        {live ? (
          <button
            type="button"
            onClick={() => registry.stop(conn, uri)}
            disabled={sub.state === 'unsubscribing'}
            data-testid="subscribe"
            aria-pressed={true}
          >
            Unsubscribe
          </button>
        ) : (
          <button
            type="button"
            onClick={() => registry.start(conn, uri)}
            disabled={!support.allowed}
            data-testid="subscribe"
            aria-pressed={false}
          >
            Subscribe
          </button>
        )}
        <span className="status" role="status" data-testid="subscription-state">
          {sub ? stateText(sub) : 'not subscribed'}
        </span>
        {sub && !live && (
          <button type="button" className="link" onClick={() => registry.forget(conn, uri)}>
            clear
          </button>
        )}
      </div>
      {support.note && !live && <p className="status">{support.note}</p>}
      {sub?.note && <p className={`status ${sub.state === 'failed' ? 'bad' : ''}`}>{sub.note}</p>}
      {sub?.flow === 'stateless' && sub.acknowledged !== undefined && (
        <p className={honored ? 'status' : 'banner-box warn'} role="note" data-testid="acknowledged">
          {honored
            ? 'The server acknowledged the subscription to this URI.'
            : 'The server acknowledged the listen request but left this URI out of resourceSubscriptions: it will send no updates for it.'}{' '}
          <code>{JSON.stringify(sub.acknowledged)}</code>
        </p>
      )}
      {sub && (live || sub.updates.length > 0) && (
        <div className="updates" data-testid="updates">
          <div className="row">
            <strong>
              {sub.updates.length} update{sub.updates.length === 1 ? '' : 's'}
            </strong>
            <span className="status">notifications/resources/updated for this URI</span>
            <button type="button" onClick={onReadAgain} disabled={reading} data-testid="read-again">
              Read again
            </button>
          </div>
          {sub.updates.length === 0 ? (
            <p className="status">None yet: they show here as they arrive.</p>
          ) : (
            <ol className="update-list" reversed start={sub.updates.length}>
              {[...sub.updates]
                .reverse()
                .slice(0, LISTED)
                .map((u) => (
                  <li key={u.seq} data-testid="update">
                    <time className="status">{formatTime(u.t)}</time> <span className="status">#{u.seq}</span>
                    {Object.keys(u.params).length > 0 && <code className="update-extra">{JSON.stringify(u.params)}</code>}
                  </li>
                ))}
            </ol>
          )}
          {sub.updates.length > LISTED && <p className="status">{sub.updates.length - LISTED} older not listed.</p>}
        </div>
      )}
    </section>
  );
}

export function stateText(sub: Subscription): string {
  const via = sub.flow === 'stateless' ? 'subscriptions/listen' : 'resources/subscribe';
  const id = sub.requestId === undefined ? '' : ` (id ${JSON.stringify(sub.requestId)})`;
  switch (sub.state) {
    case 'subscribing':
      return `subscribing with ${via}${id}…`;
    case 'active':
      return sub.flow === 'stateless' ? `listening with ${via}${id}` : `subscribed with ${via}${id}`;
    case 'unsubscribing':
      return 'unsubscribing…';
    case 'failed':
      return 'subscription failed';
    case 'ended':
      return 'subscription ended';
  }
}
