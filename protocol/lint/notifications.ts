/**
 * Notifications that must belong to something: progress to a request in progress (with a value
 * that only grows), and in the stateless flow change and task status notifications to a
 * subscriptions/listen stream that asked for them, log messages to a request that set a logLevel.
 */
import { META_KEYS } from '../flows.js';
import { idKey } from '../jsonrpc.js';
import { asRecord, formatId, other, progressKey, type Check, type RequestInfo } from './state.js';

/** Change notifications of 2026-07-28 and the listen filter that asks for each. */
const LISTEN_FILTERS: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/resources/updated': 'resourceSubscriptions',
  // The tasks extension: status pushes for the task ids the listen request named.
  'notifications/tasks': 'taskIds',
};

export function checkProgress(check: Check): void {
  const { message, state, report } = check;
  const c = message.classified;
  if (c.kind !== 'notification' || c.method !== 'notifications/progress') return;
  const params = asRecord(c.params);
  const token = params?.progressToken;
  // A token of the wrong type is the schema's to report.
  if (typeof token !== 'string' && typeof token !== 'number') return;
  const entry = state.progress.get(progressKey(other(message.from), token));
  if (!entry) {
    report(
      'progress-token-unknown',
      `The ${message.from} sent progress for token ${formatId(token)}, which belongs to no request of the ${other(message.from)} still in progress (never given, or its request was already answered)`,
    );
    return;
  }
  if (entry.cancelled) return;
  const progress = params?.progress;
  if (typeof progress !== 'number') return;
  if (entry.last !== undefined && !(progress > entry.last)) {
    report(
      'progress-not-increasing',
      `The ${message.from} sent progress ${progress} for token ${formatId(token)} after ${entry.last}; progress must increase with each notification`,
    );
  }
  entry.last = entry.last === undefined ? progress : Math.max(entry.last, progress);
}

/** Stateless flow: change and task notifications on a listen stream that asked for them, logs for a request that set a level. */
export function checkStatelessNotification(check: Check): void {
  const { message, flow, state, report } = check;
  const c = message.classified;
  if (flow !== 'stateless' || message.from !== 'server' || c.kind !== 'notification') return;
  const params = asRecord(c.params);
  if (c.method === 'notifications/message') {
    if (state.logging.size === 0) {
      report(
        'stateless-unrequested-notification',
        'The server sent notifications/message while no request that set io.modelcontextprotocol/logLevel was in flight; in 2026-07-28 a server logs only for a request that asked',
      );
    }
    return;
  }
  const filterKey = LISTEN_FILTERS[c.method];
  const acknowledging = c.method === 'notifications/subscriptions/acknowledged';
  if (filterKey === undefined && !acknowledging) return;
  const subscriptionId = asRecord(params?._meta)?.[META_KEYS.subscriptionId];
  if (typeof subscriptionId !== 'string' && typeof subscriptionId !== 'number') {
    report(
      'stateless-unrequested-notification',
      `The server sent ${c.method} without _meta ${META_KEYS.subscriptionId}; in 2026-07-28 it belongs only on a subscriptions/listen stream`,
    );
    return;
  }
  const exchange = state.listens.get(idKey('client', subscriptionId));
  const listen = exchange === undefined ? undefined : state.requests.get(exchange);
  if (!listen?.listen) {
    report(
      'stateless-unrequested-notification',
      `The server sent ${c.method} for subscription ${formatId(subscriptionId)}, which is no open subscriptions/listen request`,
    );
    return;
  }
  if (acknowledging) {
    listen.listen.acknowledged = true;
    return;
  }
  if (!listen.listen.acknowledged) {
    report(
      'stateless-unrequested-notification',
      `The server sent ${c.method} on subscription ${formatId(subscriptionId)} before notifications/subscriptions/acknowledged; nothing may precede the acknowledgment`,
    );
    return;
  }
  if (!askedFor(listen, filterKey ?? '', params)) {
    report(
      'stateless-unrequested-notification',
      `The server sent ${c.method} on subscription ${formatId(subscriptionId)}, whose filter did not ask for it (${filterKey}); a server must not send notification types the client did not request`,
    );
  }
}

function askedFor(listen: RequestInfo, filterKey: string, params: Record<string, unknown> | undefined): boolean {
  const wanted = listen.listen?.filter[filterKey];
  if (filterKey === 'resourceSubscriptions') return Array.isArray(wanted) && wanted.includes(params?.uri);
  if (filterKey === 'taskIds') return Array.isArray(wanted) && wanted.includes(params?.taskId);
  return wanted === true;
}
