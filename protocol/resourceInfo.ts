/** What the resources panel shows of resources and templates. Pure. */
import { templateVariables, type TemplateValue, type TemplateVariable } from './uriTemplate.js';

export interface Annotations {
  audience?: unknown;
  priority?: unknown;
  lastModified?: unknown;
}

export interface Resource {
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Annotations;
}

export interface ResourceTemplate {
  uriTemplate: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
}

/** title, then name, then the URI itself. Servers may send anything: only strings count. */
export function resourceLabel(item: { title?: unknown; name?: unknown }, fallback: string): string {
  if (typeof item.title === 'string' && item.title !== '') return item.title;
  if (typeof item.name === 'string' && item.name !== '') return item.name;
  return fallback;
}

export function isResource(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).uri === 'string';
}

export function isTemplate(value: unknown): value is ResourceTemplate {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).uriTemplate === 'string';
}

export function matchesSearch(fields: unknown[], search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((s) => typeof s === 'string' && s.toLowerCase().includes(needle));
}

export function matchesResource(r: Resource, search: string): boolean {
  return matchesSearch([r.uri, r.name, r.title, r.description, r.mimeType], search);
}

export function matchesTemplate(t: ResourceTemplate, search: string): boolean {
  return matchesSearch([t.uriTemplate, t.name, t.title, t.description, t.mimeType], search);
}

export function formatSize(bytes: unknown): string | undefined {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return undefined;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The metadata rows worth showing, as label and text (every value stringified, never markup). */
export function metadataRows(item: Resource | ResourceTemplate): [string, string][] {
  const rows: [string, string][] = [];
  const add = (label: string, value: unknown): void => {
    if (value === undefined || value === null || value === '') return;
    rows.push([label, typeof value === 'string' ? value : JSON.stringify(value)]);
  };
  if ('uri' in item) add('uri', item.uri);
  if ('uriTemplate' in item) add('uriTemplate', item.uriTemplate);
  add('name', item.name);
  add('title', item.title);
  add('mimeType', item.mimeType);
  if ('size' in item) add('size', formatSize(item.size) ?? item.size);
  const a = item.annotations;
  if (typeof a === 'object' && a !== null) {
    add('audience', Array.isArray(a.audience) ? a.audience.join(', ') : a.audience);
    add('priority', a.priority);
    add('lastModified', a.lastModified);
  }
  return rows;
}

/**
 * The values to expand a template with, from one text input per variable: an empty input is
 * left out (undefined), and an exploded variable (`{/path*}`) takes a comma-separated list.
 */
export function templateValues(variables: TemplateVariable[], inputs: Readonly<Record<string, string>>): Record<string, TemplateValue> {
  const values: Record<string, TemplateValue> = {};
  for (const v of variables) {
    const text = inputs[v.name] ?? '';
    if (text === '') continue;
    values[v.name] = v.explode ? text.split(',') : text;
  }
  return values;
}

/** How a variable's input is described next to it: the expression it fills. */
export function variableHint(v: TemplateVariable): string {
  const expr = `{${v.operator}${v.name}${v.explode ? '*' : ''}${v.prefix === undefined ? '' : `:${v.prefix}`}}`;
  const notes: string[] = [];
  if (v.explode) notes.push('comma-separated list');
  if (v.prefix !== undefined) notes.push(`first ${v.prefix} characters`);
  if (v.operator === '+' || v.operator === '#') notes.push('reserved characters kept');
  return notes.length ? `${expr} · ${notes.join(' · ')}` : expr;
}

export { templateVariables };

/** The `contents` of a resources/read result, or why they cannot be shown. */
export function readContents(result: Record<string, unknown>): { items: Record<string, unknown>[]; problem?: string } {
  const contents = result.contents;
  if (!Array.isArray(contents)) return { items: [], problem: 'the result has no contents array' };
  const items = contents.map((c) =>
    typeof c === 'object' && c !== null && !Array.isArray(c) ? (c as Record<string, unknown>) : { value: c },
  );
  return contents.length === 0
    ? { items, problem: 'contents is empty (the 2026-07-28 revision forbids that for a missing resource)' }
    : { items };
}

/** A blob whose MIME type says it is text (text/*, JSON, XML…), decoded as UTF-8; undefined otherwise. */
export function decodeTextBlob(item: Record<string, unknown>): string | undefined {
  const { blob, mimeType } = item;
  if (typeof blob !== 'string' || typeof mimeType !== 'string' || typeof item.text === 'string') return undefined;
  if (!/^(text\/|application\/([a-z0-9.+-]*\+)?(json|xml|javascript|yaml|x-yaml|toml|csv)\b)/i.test(mimeType)) return undefined;
  try {
    const binary = atob(blob);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  } catch {
    return undefined; // not base64
  }
}

/** The string values of a record (a saved draft, say); anything else is dropped. */
export function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}
