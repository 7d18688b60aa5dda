/**
 * The roots each connection offers, answered to roots/list without asking: the table a new
 * connection starts with is the last one edited (kept in localStorage), and an edit on one
 * connection's card changes that connection's table and becomes the next default.
 */
import type { Root } from '../../../protocol/roots.js';

export type { Root } from '../../../protocol/roots.js';

const KEY = 'mcp-lens.roots';

export function loadRoots(): Root[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value
          .filter((r): r is Root => typeof (r as Root | null)?.uri === 'string')
          .map((r) => ({ uri: r.uri, ...(typeof r.name === 'string' ? { name: r.name } : {}) }))
      : [];
  } catch {
    return [];
  }
}

export function saveRoots(roots: readonly Root[]): void {
  localStorage.setItem(KEY, JSON.stringify(roots));
}

export class RootsBook {
  private readonly byConn = new Map<string, readonly Root[]>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  get(conn: string): readonly Root[] {
    let roots = this.byConn.get(conn);
    if (!roots) this.byConn.set(conn, (roots = loadRoots()));
    return roots;
  }

  set(conn: string, roots: readonly Root[]): void {
    this.byConn.set(conn, roots);
    saveRoots(roots);
    this.version++;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): number => this.version;
}
