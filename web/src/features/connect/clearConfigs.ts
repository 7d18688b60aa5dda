/**
 * The configs this tab launched, as typed: secrets in clear, so the export dialog can offer to keep
 * one and can find a server echoing one. Held in memory only, for as long as the tab lives; never
 * sent anywhere but in the spawn itself, never stored.
 */
import type { ConnectionConfig } from '../../../../protocol/envelope.js';

const byStore = new WeakMap<object, Map<string, ConnectionConfig>>();
/** One empty map, so a caller memoizing on the map sees no change where none happened. */
const NONE: ReadonlyMap<string, ConnectionConfig> = new Map();

export function rememberClearConfig(store: object, conn: string, config: ConnectionConfig): void {
  let configs = byStore.get(store);
  if (!configs) byStore.set(store, (configs = new Map()));
  configs.set(conn, config);
}

export function clearConfigs(store: object): ReadonlyMap<string, ConnectionConfig> {
  return byStore.get(store) ?? NONE;
}
