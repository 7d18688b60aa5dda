/**
 * The client's roots: what a roots/list is answered with, and what an edit of the table must
 * tell the server. Handshake flow: a client that declared `roots.listChanged` sends
 * notifications/roots/list_changed, and the server asks again. 2026-07-28 removed that
 * notification (roots/list only comes inside an input_required round), so an edit there sends
 * nothing: the next round simply gets the new table.
 */
import type { Flow } from './flows.js';

export interface Root {
  uri: string;
  name?: string;
}

export type RootsChange = { send: 'notifications/roots/list_changed'; text: string } | { send: undefined; text: string };

export function declaresRoots(declared: Record<string, unknown>): boolean {
  return typeof declared.roots === 'object' && declared.roots !== null;
}

function declaresListChanged(declared: Record<string, unknown>): boolean {
  return declaresRoots(declared) && (declared.roots as Record<string, unknown>).listChanged === true;
}

/** What an edit of the roots table sends on a connection of this flow, and the line that says so. */
export function rootsChange(flow: Flow, declared: Record<string, unknown>): RootsChange {
  if (flow === 'stateless')
    return {
      send: undefined,
      text: '2026-07-28 has no roots/list_changed: the next roots/list a server asks (in an input_required round) gets this table',
    };
  if (!declaresListChanged(declared))
    return { send: undefined, text: 'not sent: this connection did not declare roots.listChanged, so the server asks again when it likes' };
  return { send: 'notifications/roots/list_changed', text: 'sent notifications/roots/list_changed' };
}

/** The roots a table holds, for a one-line note: `no roots`, `1 root (file:///a)`. */
export function rootsSummary(roots: readonly Root[]): string {
  if (roots.length === 0) return 'no roots';
  const shown = roots.slice(0, 3).map((r) => r.uri);
  const more = roots.length > 3 ? `, and ${roots.length - 3} more` : '';
  return `${roots.length} root${roots.length === 1 ? '' : 's'} (${shown.join(', ')}${more})`;
}

/** A root the user typed: a URI with a scheme (the spec's roots are file:// URIs; others are let through as typed). */
export function rootProblem(uri: string, table: readonly Root[]): string | undefined {
  if (uri.trim() === '') return 'type a URI';
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri)) return 'a root is a URI with a scheme, e.g. file:///home/me/project';
  if (table.some((r) => r.uri === uri)) return 'already in the table';
  return undefined;
}
