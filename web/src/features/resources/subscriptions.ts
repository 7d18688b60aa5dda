/**
 * Resource subscriptions of this tab, outside React so they outlive a tab switch: one per
 * connection and URI. Handshake flow: `resources/subscribe` / `resources/unsubscribe`.
 * Stateless flow: a `subscriptions/listen` request for the URI, left open and ended with
 * notifications/cancelled. Updates are read from the session model as events arrive, looking
 * only at the events added since the last look.
 */
import { useSyncExternalStore } from 'react';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import type { WireMessage } from '../../../../protocol/exchanges.js';
import { META_KEYS, type Flow } from '../../../../protocol/flows.js';
import { errorCodeName, type JsonRpcId } from '../../../../protocol/jsonrpc.js';
import type { Outcome } from '../../../../protocol/clientSession.js';
import type { SessionModel } from '../../../../protocol/session.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { useStore } from '../../session/StoreContext.js';

export type SubscriptionState = 'subscribing' | 'active' | 'unsubscribing' | 'failed' | 'ended';

export interface ResourceUpdate {
  seq: number;
  t: number;
  /** Anything besides the uri the notification carried (title, _meta…). */
  params: Record<string, unknown>;
}

export interface Subscription {
  conn: string;
  uri: string;
  flow: Flow;
  state: SubscriptionState;
  /** The id of resources/subscribe (handshake) or of the open subscriptions/listen (stateless). */
  requestId?: JsonRpcId;
  /** Seq of the newest event when the subscription started: updates come after it. */
  since: number;
  updates: ResourceUpdate[];
  /** Stateless: the `notifications` the server's acknowledgement says it honors. */
  acknowledged?: Record<string, unknown>;
  /** Why it failed or ended, or what went wrong unsubscribing. */
  note?: string;
}

/** Only the newest updates are kept per subscription. */
export const MAX_UPDATES = 200;

/** Can this connection subscribe to a resource, and what should the user know first? */
export function subscribeSupport(flow: Flow | undefined, capabilities: unknown): { allowed: boolean; note?: string } {
  const resources =
    typeof capabilities === 'object' && capabilities !== null ? (capabilities as Record<string, unknown>).resources : undefined;
  const declared = typeof resources === 'object' && resources !== null && (resources as Record<string, unknown>).subscribe === true;
  if (flow === undefined) return { allowed: false, note: 'the connection is not open' };
  if (flow === 'handshake') {
    return declared
      ? { allowed: true }
      : { allowed: false, note: 'the server does not declare resources.subscribe, so resources/subscribe is not offered' };
  }
  return declared
    ? { allowed: true }
    : { allowed: true, note: 'the server does not declare resources.subscribe: its acknowledgement may leave this URI out' };
}

/**
 * What one new wire message means for the subscriptions: an update for a URI, or a
 * subscriptions/acknowledged for a listen request. Pure.
 */
export function readNotification(
  message: WireMessage | undefined,
):
  | { kind: 'updated'; uri: string; params: Record<string, unknown> }
  | { kind: 'acknowledged'; subscriptionId: JsonRpcId; notifications: Record<string, unknown> }
  | undefined {
  if (!message || message.from !== 'server' || message.classified.kind !== 'notification') return undefined;
  const params = asRecord(message.classified.params);
  if (message.classified.method === 'notifications/resources/updated') {
    return typeof params.uri === 'string' ? { kind: 'updated', uri: params.uri, params } : undefined;
  }
  if (message.classified.method === 'notifications/subscriptions/acknowledged') {
    const id = asRecord(params._meta)[META_KEYS.subscriptionId];
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    return { kind: 'acknowledged', subscriptionId: id, notifications: asRecord(params.notifications) };
  }
  return undefined;
}

/** Whether an acknowledgement honors a subscription to this URI. */
export function honors(acknowledged: Record<string, unknown> | undefined, uri: string): boolean | undefined {
  if (!acknowledged) return undefined;
  const list = acknowledged.resourceSubscriptions;
  return Array.isArray(list) && list.includes(uri);
}

export class SubscriptionRegistry {
  private readonly subs = new Map<string, Subscription>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private model: SessionModel | undefined;
  /** Index into model.events of the next event to look at. */
  private nextIndex = 0;
  private unsubscribeStore: (() => void) | undefined;

  constructor(private readonly store: SessionStore) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  get(conn: string, uri: string): Subscription | undefined {
    return this.subs.get(subKey(conn, uri));
  }

  list(conn: string): Subscription[] {
    return [...this.subs.values()].filter((s) => s.conn === conn);
  }

  /** Starts a subscription (again, if an earlier one ended). */
  start(conn: string, uri: string): void {
    const existing = this.get(conn, uri);
    if (existing && (existing.state === 'subscribing' || existing.state === 'active' || existing.state === 'unsubscribing')) return;
    const session = this.store.client(conn);
    if (!session) return;
    this.watch();
    const base: Subscription = { conn, uri, flow: session.flow, state: 'subscribing', since: this.store.model.lastSeq, updates: [] };
    if (session.flow === 'stateless') {
      const [listen] = session.listen({ resourceSubscriptions: [uri] });
      if (!listen) return;
      this.put({ ...base, requestId: listen.id });
      // The listen stays open: it is active from the start, and its end is news.
      this.patch(conn, uri, listen.id, { state: 'active' });
      void listen.done.then((outcome) => this.patch(conn, uri, listen.id, ended(outcome)));
      return;
    }
    const { id, done } = session.request('resources/subscribe', { uri }, { timeoutMs: 30_000 });
    this.put({ ...base, requestId: id });
    void done.then((outcome) =>
      this.patch(
        conn,
        uri,
        id,
        outcome.kind === 'result' ? { state: 'active' } : { state: 'failed', note: `resources/subscribe: ${describe(outcome)}` },
      ),
    );
  }

  stop(conn: string, uri: string): void {
    const sub = this.get(conn, uri);
    if (!sub || sub.requestId === undefined) return;
    const session = this.store.client(conn);
    if (!session) {
      this.patch(conn, uri, sub.requestId, { state: 'ended', note: 'the connection is closed' });
      return;
    }
    const id = sub.requestId;
    if (sub.flow === 'stateless') {
      // Resolves the listen as cancelled, which marks it ended.
      session.cancel(id, 'unsubscribed by the user');
      return;
    }
    this.patch(conn, uri, id, { state: 'unsubscribing' });
    void session
      .request('resources/unsubscribe', { uri }, { timeoutMs: 30_000 })
      .done.then((outcome) =>
        this.patch(
          conn,
          uri,
          id,
          outcome.kind === 'result'
            ? { state: 'ended', note: 'unsubscribed' }
            : { state: 'active', note: `resources/unsubscribe: ${describe(outcome)}` },
        ),
      );
  }

  /** Forgets an ended or failed subscription and its updates. */
  forget(conn: string, uri: string): void {
    const sub = this.get(conn, uri);
    if (!sub || (sub.state !== 'ended' && sub.state !== 'failed')) return;
    this.subs.delete(subKey(conn, uri));
    this.changed();
  }

  private put(sub: Subscription): void {
    this.subs.set(subKey(sub.conn, sub.uri), sub);
    this.changed();
  }

  /** Changes a subscription, if it is still the one started with that request. */
  private patch(conn: string, uri: string, requestId: JsonRpcId, change: Partial<Subscription>): void {
    const sub = this.get(conn, uri);
    if (!sub || sub.requestId !== requestId) return;
    if (sub.state === 'ended' && change.state !== undefined) return;
    this.put({ ...sub, ...change });
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  private live(): boolean {
    for (const s of this.subs.values()) if (s.state !== 'ended' && s.state !== 'failed') return true;
    return false;
  }

  /** Follows the session while a subscription is live. */
  private watch(): void {
    if (this.unsubscribeStore) return;
    // Nothing before now can be an update for a subscription starting now.
    this.model = this.store.model;
    this.nextIndex = this.model.events.length;
    this.unsubscribeStore = this.store.subscribe(() => this.scan());
  }

  private scan(): void {
    const model = this.store.model;
    if (model !== this.model) {
      // The bridge restarted: a new session, and no server from the old one is still there.
      this.model = model;
      this.nextIndex = model.events.length;
      for (const sub of [...this.subs.values()]) {
        if (sub.state !== 'ended' && sub.state !== 'failed') this.put({ ...sub, state: 'ended', note: 'the bridge restarted' });
      }
    }
    const events = model.events;
    let touched = false;
    for (; this.nextIndex < events.length; this.nextIndex++) {
      const event = events[this.nextIndex];
      if (event?.conn === undefined) continue;
      if (this.onEvent(model, event)) touched = true;
    }
    if (touched) this.changed();
    if (!this.live() && this.unsubscribeStore) {
      this.unsubscribeStore();
      this.unsubscribeStore = undefined;
    }
  }

  /** True when a subscription changed (patched in place: one notification per scan). */
  private onEvent(model: SessionModel, event: BridgeEvent): boolean {
    const conn = event.conn ?? '';
    if (event.kind === 'exit') {
      let any = false;
      for (const sub of this.list(conn)) {
        if (sub.state === 'ended' || sub.state === 'failed') continue;
        this.subs.set(subKey(conn, sub.uri), { ...sub, state: 'ended', note: 'the server exited' });
        any = true;
      }
      return any;
    }
    if (event.kind !== 'line' || event.stream !== 'stdout') return false;
    const news = readNotification(model.messages.get(event.seq));
    if (!news) return false;
    if (news.kind === 'updated') {
      const sub = this.get(conn, news.uri);
      if (!sub || event.seq <= sub.since || sub.state === 'ended' || sub.state === 'failed') return false;
      const { uri: _uri, ...params } = news.params;
      const updates = [...sub.updates, { seq: event.seq, t: event.t, params }].slice(-MAX_UPDATES);
      this.subs.set(subKey(conn, sub.uri), { ...sub, updates });
      return true;
    }
    for (const sub of this.list(conn)) {
      if (sub.flow === 'stateless' && sub.requestId === news.subscriptionId && sub.acknowledged === undefined) {
        this.subs.set(subKey(conn, sub.uri), { ...sub, acknowledged: news.notifications });
        return true;
      }
    }
    return false;
  }
}

function ended(outcome: Outcome): Partial<Subscription> {
  switch (outcome.kind) {
    case 'cancelled':
      return { state: 'ended', note: 'unsubscribed (notifications/cancelled sent for the listen request)' };
    case 'result':
      return { state: 'ended', note: 'the server ended the subscription (it answered the listen request)' };
    case 'error':
    case 'invalid':
      return { state: 'failed', note: `subscriptions/listen: ${describe(outcome)}` };
    case 'closed':
    case 'transport':
      return { state: 'ended', note: outcome.reason };
    case 'timeout':
      return { state: 'ended', note: describe(outcome) };
  }
}

function describe(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'result':
      return 'ok';
    case 'error':
      return `${outcome.error.code} ${errorCodeName(outcome.error.code)}: ${outcome.error.message}`;
    case 'invalid':
      return `an invalid answer (${outcome.reason})`;
    case 'timeout':
      return `no answer within ${outcome.afterMs} ms`;
    case 'cancelled':
      return `cancelled (${outcome.reason})`;
    case 'closed':
    case 'transport':
      return outcome.reason;
  }
}

function subKey(conn: string, uri: string): string {
  return `${conn}\u0000${uri}`;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const registries = new WeakMap<SessionStore, SubscriptionRegistry>();

export function registryFor(store: SessionStore): SubscriptionRegistry {
  let registry = registries.get(store);
  if (!registry) {
    registry = new SubscriptionRegistry(store);
    registries.set(store, registry);
  }
  return registry;
}

/** The registry of this tab's store; re-renders when any subscription changes. */
export function useSubscriptions(): SubscriptionRegistry {
  const registry = registryFor(useStore());
  useSyncExternalStore(registry.subscribe, registry.getVersion);
  return registry;
}
