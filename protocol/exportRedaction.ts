/**
 * What an export redacts, and the export with the user's choices applied: the export dialog's
 * model. Pure. A session file from buildSessionFile already carries no secret in any config; with
 * the configs this tab launched known in clear, the plan also lists each value with the option to
 * keep it, and finds recorded lines that contain one (a server echoing a token), which are masked
 * unless the user keeps them.
 */
import { base64Decode, base64Encode, utf8Encode } from './bytes.js';
import type { BridgeEvent, ConnectionConfig, HttpEvent, RedactedConnectionConfig } from './envelope.js';
import { maskText, redactConnectionConfig, REDACTED, type Redaction } from './redact.js';
import type { SessionFile } from './sessionFile.js';

/** Shorter values (`1`, `true`) are not looked for in recorded lines: they would match everywhere. */
export const MIN_ECHO_LENGTH = 6;

export interface ExportItem extends Redaction {
  conn: string;
  /** `conn` and `id` together: what `keep` names. */
  ref: string;
  /** The argument as it will read once redacted (`--api-key`'s value alone shows `[redacted]`), for context. */
  context: string;
  /** The tab knows the value in clear, so it can put it back. */
  keepable: boolean;
}

export interface EchoedEvent {
  seq: number;
  conn?: string;
  kind: BridgeEvent['kind'];
  stream?: 'stdin' | 'stdout' | 'stderr';
  /** Refs of the items whose value the event contains. */
  items: string[];
}

export interface ExportPlan {
  items: ExportItem[];
  echoes: EchoedEvent[];
}

export interface ExportChoices {
  /** Item refs to leave in clear. */
  keep: ReadonlySet<string>;
  /** Leave recorded events exactly as recorded even when they contain a redacted value. */
  keepEchoes: boolean;
}

export const itemRef = (conn: string, id: string): string => `${conn} ${id}`;

export function planExport(file: SessionFile, clear: ReadonlyMap<string, ConnectionConfig>): ExportPlan {
  const items: ExportItem[] = [];
  for (const connection of file.connections) {
    const known = clear.get(connection.conn);
    const { config, redactions } = redactConnectionConfig(known ?? connection.config);
    for (const r of redactions) {
      items.push({
        ...r,
        conn: connection.conn,
        ref: itemRef(connection.conn, r.id),
        context: contextOf(config, r),
        keepable: known !== undefined && r.secret !== undefined,
      });
    }
  }
  const searched = items.filter((i) => i.secret !== undefined && i.secret.length >= MIN_ECHO_LENGTH);
  const echoes: EchoedEvent[] = [];
  if (searched.length > 0) {
    for (const event of file.events) {
      const found = searched.filter((item) => eventContains(event, item.secret ?? ''));
      if (found.length === 0) continue;
      echoes.push({
        seq: event.seq,
        ...(event.conn === undefined ? {} : { conn: event.conn }),
        kind: event.kind,
        ...(event.kind === 'line' ? { stream: event.stream } : {}),
        items: found.map((i) => i.ref),
      });
    }
  }
  return { items, echoes };
}

/** The file as the user chose: kept values back in their configs, the other values masked wherever recorded. */
export function applyExportChoices(
  file: SessionFile,
  clear: ReadonlyMap<string, ConnectionConfig>,
  plan: ExportPlan,
  choices: ExportChoices,
): SessionFile {
  const kept = plan.items.filter((i) => i.keepable && choices.keep.has(i.ref));
  const keptValues = new Set(kept.map((i) => i.secret));
  // A value kept anywhere is in the file anyway: masking it elsewhere would hide nothing.
  const masked = [
    ...new Set(
      plan.items.flatMap((i) =>
        i.secret !== undefined && i.secret.length >= MIN_ECHO_LENGTH && !keptValues.has(i.secret) ? [i.secret] : [],
      ),
    ),
  ];
  const configs = new Map<string, RedactedConnectionConfig>();
  for (const connection of file.connections) {
    const known = clear.get(connection.conn);
    const keep = new Set(kept.filter((i) => i.conn === connection.conn).map((i) => i.id));
    const config = known ? redactConnectionConfig(known, { keep }).config : connection.config;
    configs.set(connection.conn, maskConfig(config, masked));
  }
  const echoed = new Set(plan.echoes.map((e) => e.seq));
  const events = file.events.map((event): BridgeEvent => {
    if ((event.kind === 'spawn' || event.kind === 'spawn-error') && event.conn !== undefined) {
      const config = configs.get(event.conn);
      return config ? { ...event, config } : event;
    }
    if (choices.keepEchoes || !echoed.has(event.seq)) return event;
    return maskEvent(event, masked);
  });
  return {
    ...file,
    connections: file.connections.map((c) => ({ ...c, config: configs.get(c.conn) ?? c.config })),
    events,
  };
}

function contextOf(config: RedactedConnectionConfig, r: Redaction): string {
  if (config.transport === 'app') return config.uri;
  if (config.transport === 'http') return r.field === 'headers' ? `${r.key ?? ''}: ${config.headers[r.key ?? ''] ?? ''}` : config.url;
  switch (r.field) {
    case 'command':
      return config.command;
    case 'args': {
      const index = r.index ?? 0;
      const arg = config.args[index] ?? '';
      // A flag's value redacted whole says nothing alone: show the flag before it.
      return r.rule === 'flag' && arg === REDACTED && index > 0 ? `${config.args[index - 1] ?? ''} ${arg}` : arg;
    }
    case 'env':
      return `${r.key ?? ''}=${REDACTED}`;
    case 'cwd':
      return config.cwd ?? '';
    case 'url':
    case 'headers':
      return '';
  }
}

function eventContains(event: BridgeEvent, value: string): boolean {
  switch (event.kind) {
    case 'line':
      return event.text !== undefined ? event.text.includes(value) : indexOfBytes(base64Decode(event.b64 ?? ''), utf8Encode(value)) !== -1;
    case 'notice':
      return event.message.includes(value);
    case 'note':
      return deepStrings(event.data).some((s) => s.includes(value));
    case 'http':
      return httpStrings(event).some((s) => s.includes(value));
    case 'auth':
      return deepStrings(event).some((s) => s.includes(value));
    case 'spawn':
    case 'spawn-error':
    case 'exit':
    case 'stop':
      return false;
  }
}

function maskEvent(event: BridgeEvent, values: readonly string[]): BridgeEvent {
  switch (event.kind) {
    case 'line': {
      if (event.text !== undefined) {
        const text = maskText(event.text, values).text;
        return { ...event, text, size: utf8Encode(text).length };
      }
      const bytes = maskBytes(base64Decode(event.b64 ?? ''), values);
      return { ...event, b64: base64Encode(bytes), size: bytes.length };
    }
    case 'notice':
      return { ...event, message: maskText(event.message, values).text };
    case 'note':
      return { ...event, data: maskDeep(event.data, values) };
    case 'http':
      return maskHttp(event, values);
    case 'auth':
      return maskDeep(event, values) as BridgeEvent;
    case 'spawn':
    case 'spawn-error':
    case 'exit':
    case 'stop':
      return event;
  }
}

function maskConfig(config: RedactedConnectionConfig, values: readonly string[]): RedactedConnectionConfig {
  if (values.length === 0) return config;
  const mask = (s: string): string => maskText(s, values).text;
  if (config.transport === 'http') return { ...config, url: mask(config.url), headers: maskRecord(config.headers, values) };
  if (config.transport === 'app') return { ...config, uri: mask(config.uri) };
  return {
    command: mask(config.command),
    args: config.args.map(mask),
    env: Object.fromEntries(Object.entries(config.env).map(([k, v]) => [k, mask(v)])),
    ...(config.cwd === undefined ? {} : { cwd: mask(config.cwd) }),
  };
}

function maskRecord(record: Readonly<Record<string, string>>, values: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, maskText(v, values).text]));
}

/** The strings of an HTTP event a secret could be echoed in. */
function httpStrings(event: HttpEvent): string[] {
  switch (event.phase) {
    case 'request':
      return [event.url, ...Object.values(event.headers)];
    case 'response':
      return Object.values(event.headers);
    case 'error':
      return [event.message];
    case 'sse-event':
      return [event.id ?? '', event.event ?? ''];
    case 'end':
      return [];
  }
}

function maskHttp(event: HttpEvent, values: readonly string[]): HttpEvent {
  const mask = (s: string): string => maskText(s, values).text;
  switch (event.phase) {
    case 'request':
      return { ...event, url: mask(event.url), headers: maskRecord(event.headers, values) };
    case 'response':
      return { ...event, headers: maskRecord(event.headers, values) };
    case 'error':
      return { ...event, message: mask(event.message) };
    case 'sse-event':
      return {
        ...event,
        ...(event.id === undefined ? {} : { id: mask(event.id) }),
        ...(event.event === undefined ? {} : { event: mask(event.event) }),
      };
    case 'end':
      return event;
  }
}

function deepStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(deepStrings);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => [k, ...deepStrings(v)]);
  return [];
}

function maskDeep(value: unknown, values: readonly string[]): unknown {
  if (typeof value === 'string') return maskText(value, values).text;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, values));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskText(k, values).text, maskDeep(v, values)]));
  return value;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  if (needle.length === 0) return -1;
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function maskBytes(bytes: Uint8Array, values: readonly string[]): Uint8Array {
  let out = bytes;
  const marker = utf8Encode(REDACTED);
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    const needle = utf8Encode(value);
    const parts: Uint8Array[] = [];
    let at = 0;
    for (let i = indexOfBytes(out, needle); i !== -1; i = indexOfBytes(out, needle, at)) {
      parts.push(out.subarray(at, i), marker);
      at = i + needle.length;
    }
    if (parts.length === 0) continue;
    parts.push(out.subarray(at));
    const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
    }
    out = joined;
  }
  return out;
}
