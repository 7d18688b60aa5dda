/**
 * What is wrong with a file someone tried to open as a session, said so that they can act on
 * it: where the JSON breaks (line and column), which other tool's file it is, which format
 * version wrote it, which event is bad and why. The reader in sessionFile.ts calls these; they
 * only describe, and never decide whether a file is accepted.
 */
import type { z } from 'zod';
import {
  exitEventSchema,
  lineEventSchema,
  noteEventSchema,
  noticeEventSchema,
  spawnErrorEventSchema,
  spawnEventSchema,
  stopEventSchema,
} from './envelope.js';
import { findJsonSyntaxError } from './jsonWhere.js';

/** Why `JSON.parse` refused the text, with the line and column where it goes wrong. */
export function jsonProblem(text: string, parseError: unknown): string {
  if (text.trim() === '') return 'the file is empty';
  const found = findJsonSyntaxError(text);
  if (!found) return `not JSON: ${parseError instanceof Error ? parseError.message : String(parseError)}`;
  const where = `line ${found.line}, column ${found.column}`;
  if (found.truncated) return `not JSON: ${found.message} at ${where}: the file looks cut off (saved or copied before it was whole?)`;
  return `not JSON: ${found.message} at ${where}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const OWN = 'MCP Lens opens its session files (*.mcplens.json) and bridge journals (*.jsonl)';

/** What a JSON value that is no session file seems to be, in a sentence. */
export function describeForeign(value: unknown): string {
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    const items = `${value.length} item${value.length === 1 ? '' : 's'}`;
    if (value.length === 0) return `an empty JSON array, not a session file; ${OWN}`;
    if (isRecord(first) && ('request' in first || 'response' in first))
      return `a JSON array of ${items} with request and response entries (a request history, like the MCP Inspector's), not a session file; ${OWN}`;
    if (isRecord(first) && first.jsonrpc === '2.0') return `a JSON array of ${items} of JSON-RPC messages, not a session file; ${OWN}`;
    return `a JSON array of ${items}, not an MCP Lens session file; ${OWN}`;
  }
  if (!isRecord(value)) return `a single JSON ${value === null ? 'null' : typeof value}, not an MCP Lens session file; ${OWN}`;
  const log = value.log;
  if (isRecord(log) && Array.isArray(log.entries)) {
    const creator = isRecord(log.creator) && typeof log.creator.name === 'string' ? ` from ${log.creator.name}` : '';
    return `a HAR file (a browser's HTTP archive${creator}), not an MCP Lens session file; ${OWN}`;
  }
  if (value.jsonrpc === '2.0') return `a single JSON-RPC message, not a session file; ${OWN}`;
  if (typeof value.format === 'string')
    return `a "${clip(value.format)}" file, not an MCP Lens session file (its "format" is not "mcp-lens-session")`;
  if (typeof value.seq === 'number' && typeof value.kind === 'string') return `one journal event, not a session file; ${OWN}`;
  const keys = Object.keys(value);
  const shown = keys.slice(0, 5).map((k) => `"${clip(k)}"`);
  return `not an MCP Lens session file (no "format": "mcp-lens-session"; ${
    keys.length === 0 ? 'an empty object' : `an object with ${shown.join(', ')}${keys.length > 5 ? ', …' : ''}`
  })`;
}

/** Why a file that says it is a session file is of a version this reader does not read. */
export function versionProblem(version: unknown, reads: number): string | undefined {
  if (version === reads) return undefined;
  if (typeof version === 'number' && Number.isInteger(version) && version > reads)
    return `written by a newer MCP Lens (format version ${version}); this one reads version ${reads}`;
  if (version === undefined) return `it has no "version"; this MCP Lens reads session format version ${reads}`;
  return `unknown session format version ${clip(JSON.stringify(version) ?? String(version))}; this MCP Lens reads version ${reads}`;
}

type Issue = z.core.$ZodIssue;

const EVENT_SCHEMAS: Record<string, z.ZodType> = {
  line: lineEventSchema,
  spawn: spawnEventSchema,
  'spawn-error': spawnErrorEventSchema,
  exit: exitEventSchema,
  stop: stopEventSchema,
  notice: noticeEventSchema,
  note: noteEventSchema,
};

/** A zod path as a person would write it: events[12].config.args[0]. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out === '' ? '' : '.'}${String(part)}`;
  return out === '' ? 'the top level' : out;
}

/**
 * One line on the first thing zod refused. An event is judged again by the schema of its own
 * kind, so the message says what that kind lacks rather than "matches none of seven kinds".
 */
export function schemaProblem(document: unknown, issue: Issue | undefined): string {
  if (!issue) return 'invalid session file';
  const [top, index] = issue.path;
  if (top === 'events' && typeof index === 'number' && isRecord(document) && Array.isArray(document.events)) {
    const event: unknown = document.events[index];
    const at = `events[${index}]`;
    if (!isRecord(event)) return `invalid session file at ${at}: an event is an object, not ${event === null ? 'null' : typeof event}`;
    const seq = typeof event.seq === 'number' ? ` (seq ${event.seq})` : '';
    const kind = event.kind;
    if (typeof kind !== 'string') return `invalid session file at ${at}${seq}: it has no "kind"`;
    const schema = EVENT_SCHEMAS[kind];
    if (!schema)
      return `invalid session file at ${at}${seq}: unknown event kind "${clip(kind)}" (this MCP Lens knows ${Object.keys(EVENT_SCHEMAS).join(', ')})`;
    const own = schema.safeParse(event);
    const first = own.success ? issue : own.error.issues[0];
    const inner = first && first !== issue && first.path.length > 0 ? `.${pathText(first.path)}` : '';
    return `invalid session file at ${at}${inner}${seq}, a ${kind} event: ${first?.message ?? issue.message}`;
  }
  return `invalid session file at ${pathText(issue.path)}: ${issue.message}`;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
