/** What the tools list shows of a tool: its name for display and its hint badges. Pure. */
import { appOnly, appResourceUri } from './apps/appTool.js';
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  /** Where MCP Apps say which UI a tool renders in and who may call it (`_meta.ui`). */
  _meta?: Record<string, unknown>;
}

/** title, then annotations.title, then name: the spec's order. */
export function displayName(tool: Tool): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}

/** Badges for the hints a tool states (hints are untrusted: they describe, they do not promise). */
export function hintBadges(tool: Tool): { label: string; tone: 'safe' | 'danger' | 'info' }[] {
  const out: { label: string; tone: 'safe' | 'danger' | 'info' }[] = [];
  if (appResourceUri(tool) !== undefined) out.push({ label: 'MCP App', tone: 'info' });
  if (appOnly(tool)) out.push({ label: 'app only', tone: 'info' });
  const a = tool.annotations;
  if (!a) return out;
  if (a.readOnlyHint === true) out.push({ label: 'read-only', tone: 'safe' });
  if (a.readOnlyHint !== true && a.destructiveHint === true) out.push({ label: 'destructive', tone: 'danger' });
  if (a.idempotentHint === true) out.push({ label: 'idempotent', tone: 'info' });
  if (a.openWorldHint === true) out.push({ label: 'open-world', tone: 'info' });
  return out;
}

export function matchesSearch(tool: Tool, search: string): boolean {
  if (search === '') return true;
  const needle = search.toLowerCase();
  return [tool.name, tool.title, tool.description, tool.annotations?.title].some(
    (s) => typeof s === 'string' && s.toLowerCase().includes(needle),
  );
}
