/**
 * The server list of an `mcpServers` config file, read into server configs MCP Lens can launch
 * or connect to. Pure: the CLI (`--config FILE --server NAME`) and the app's "Import config…"
 * both call it.
 *
 * The shapes read (a file may use comments and trailing commas, as editors allow):
 * - `{"mcpServers": {NAME: ENTRY}}`: Claude Desktop, Claude Code's .mcp.json, Cursor, Windsurf;
 * - `{"servers": {NAME: ENTRY}}`: VS Code's .vscode/mcp.json;
 * - `{"mcp": {"servers": {NAME: ENTRY}}}`: VS Code's settings.json;
 * - `{NAME: ENTRY}`: the server map alone, as pasted from one of the above.
 * An ENTRY is stdio (`command`, `args`, `env`, `cwd`; `type` absent or "stdio") or remote
 * (`url`, `headers`; `type` "http", "streamable-http" or "sse"; Windsurf's `serverUrl`).
 *
 * Every problem names its line and column. A problem in one entry leaves the others usable:
 * what is wrong with the file as a whole (its syntax, no server list) is `ok: false`.
 *
 * Secrets: env values and header values are marked (`secrets`, as the connect form marks
 * them: protocol/redact.ts masks each wherever it occurs in the config), except short values
 * under a name that is not a credential's (`DEBUG=1` would mask every "1" in the arguments),
 * placeholders like `${input:token}`, and an Authorization header's scheme.
 */
import type { HttpServerConfig, ServerConfig } from './envelope.js';
import { blankJsonComments } from './jsonc.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './jsonDepth.js';
import { findJsonSyntaxError } from './jsonWhere.js';
import { isCredentialName } from './redact.js';
import type { PathStep } from './replay/jsonPath.js';
import { jsonLocator, type Locator } from './tour/positions.js';

interface ImportedBase {
  name: string;
  /** Where the entry's name is in the file (1-based). */
  line: number;
  column: number;
  /** What the user should know before connecting: placeholders left as written, fields not read. */
  notes: string[];
}

export type ImportedServer =
  | (ImportedBase & { transport: 'stdio'; config: ServerConfig })
  | (ImportedBase & {
      transport: 'http';
      /** `sse` is the deprecated HTTP+SSE transport; `http` the Streamable HTTP one. */
      remoteType: 'http' | 'sse';
      config: HttpServerConfig;
    });

export interface ConfigFileProblem {
  line: number;
  column: number;
  /** The place as a path (`mcpServers.github.args[1]`); '' for the file as a whole. */
  where: string;
  /** The entry the problem is in, when it is in one. */
  server?: string;
  message: string;
}

export type ServersFileShape = 'mcpServers' | 'servers' | 'mcp.servers' | 'bare';

export type ServersFileRead =
  | { ok: true; shape: ServersFileShape; servers: ImportedServer[]; problems: ConfigFileProblem[] }
  | { ok: false; problems: ConfigFileProblem[] };

/** The file's problems in one line each: `line 3, column 7: mcpServers.x.args: must be an array`. */
export function formatConfigProblem(problem: ConfigFileProblem): string {
  return `line ${problem.line}, column ${problem.column}: ${problem.where === '' ? '' : `${problem.where}: `}${problem.message}`;
}

const REMOTE_TYPES: Record<string, 'http' | 'sse'> = { http: 'http', 'streamable-http': 'http', streamableHttp: 'http', sse: 'sse' };

/** `${input:x}`, `${env:X}`, `${X}`, `${X:-default}`, `${workspaceFolder}`: filled in by the tool that reads the file, not by MCP Lens. */
const PLACEHOLDERS = /\$\{[^}\s]+\}/g;
const PLACEHOLDER = /\$\{[^}\s]+\}/;

/** Below this length a value is marked secret only when its name is a credential's. */
const SHORT_VALUE = 8;

const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Digest)\s+/i;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function pathText(path: readonly PathStep[]): string {
  let out = '';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else out += /^[A-Za-z_$][\w$-]*$/.test(step) ? `${out === '' ? '' : '.'}${step}` : `[${JSON.stringify(step)}]`;
  }
  return out;
}

export function readServersFile(input: string): ServersFileRead {
  // An editor's byte order mark is no part of the JSON.
  const text = blankJsonComments(input.startsWith('\ufeff') ? ` ${input.slice(1)}` : input);
  const syntax = findJsonSyntaxError(text);
  if (syntax) return { ok: false, problems: [{ line: syntax.line, column: syntax.column, where: '', message: syntax.message }] };
  if (nestsDeeperThan(text))
    return { ok: false, problems: [{ line: 1, column: 1, where: '', message: `nests deeper than ${MAX_JSON_DEPTH} levels` }] };
  const root = JSON.parse(text) as unknown;
  const locate = jsonLocator(text);
  const fileProblem = (path: PathStep[], message: string): ServersFileRead => ({
    ok: false,
    problems: [{ ...locate(path), where: pathText(path), message }],
  });
  if (!isObject(root)) return fileProblem([], 'a config file is a JSON object with an "mcpServers" (or "servers") object in it');

  const lists: { path: PathStep[]; value: unknown }[] = [];
  if ('mcpServers' in root) lists.push({ path: ['mcpServers'], value: root.mcpServers });
  if ('servers' in root) lists.push({ path: ['servers'], value: root.servers });
  if (lists.length === 0 && isObject(root.mcp) && 'servers' in root.mcp) lists.push({ path: ['mcp', 'servers'], value: root.mcp.servers });
  let shape: ServersFileShape;
  if (lists.length > 0) shape = lists[0]?.path.join('.') as ServersFileShape;
  else if (
    Object.keys(root).length > 0 &&
    Object.values(root).every((v) => isObject(v) && ('command' in v || 'url' in v || 'serverUrl' in v))
  ) {
    shape = 'bare';
    lists.push({ path: [], value: root });
  } else return fileProblem([], 'no "mcpServers" object (Claude Desktop, Cursor, Claude Code) or "servers" object (VS Code) in this file');

  const servers: ImportedServer[] = [];
  const problems: ConfigFileProblem[] = [];
  const seen = new Set<string>();
  for (const list of lists) {
    if (!isObject(list.value)) return fileProblem(list.path, 'must be an object of servers by name');
    for (const [name, entry] of Object.entries(list.value)) {
      const path = [...list.path, name];
      if (seen.has(name)) {
        problems.push({ ...locate(path), where: pathText(path), server: name, message: 'a server of this name is listed already' });
        continue;
      }
      seen.add(name);
      const read = readEntry(name, entry, path, locate);
      if ('problems' in read) problems.push(...read.problems);
      else servers.push(read);
    }
  }
  if (servers.length === 0 && problems.length === 0) return fileProblem(lists[0]?.path ?? [], 'lists no servers');
  return { ok: true, shape, servers, problems };
}

function readEntry(name: string, entry: unknown, path: PathStep[], locate: Locator): ImportedServer | { problems: ConfigFileProblem[] } {
  const problems: ConfigFileProblem[] = [];
  const problem = (at: PathStep[], message: string): void => {
    problems.push({ ...locate(at), where: pathText(at), server: name, message });
  };
  const { line, column } = locate(path);
  if (!isObject(entry)) {
    problem(path, 'must be an object (command and args, or url)');
    return { problems };
  }
  const notes: string[] = [];
  const string = (key: string): string | undefined => {
    const value = entry[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') problem([...path, key], 'must be a string');
    else return value;
    return undefined;
  };
  const stringMap = (key: string): Record<string, string> => {
    const value = entry[key];
    const out: Record<string, string> = {};
    if (value === undefined || value === null) return out;
    if (!isObject(value)) {
      problem([...path, key], 'must be an object of names and values');
      return out;
    }
    for (const [k, v] of Object.entries(value)) {
      // VS Code takes numbers and booleans too, and null to leave a variable unset.
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
      else if (v !== null) problem([...path, key, k], 'must be a string');
    }
    return out;
  };

  const type = entry.type;
  let kind: 'stdio' | 'http' | 'sse' | undefined;
  if (type !== undefined) {
    if (type === 'stdio') kind = 'stdio';
    else if (typeof type === 'string' && REMOTE_TYPES[type]) kind = REMOTE_TYPES[type];
    else problem([...path, 'type'], 'must be "stdio", "http", "streamable-http" or "sse"');
  } else if ('command' in entry && ('url' in entry || 'serverUrl' in entry)) {
    problem(path, 'has both a command and a url: say which it is with "type" ("stdio" or "http")');
  } else if ('command' in entry) kind = 'stdio';
  else if ('url' in entry || 'serverUrl' in entry) kind = 'http';
  else problem(path, 'needs a "command" (a server MCP Lens starts) or a "url" (a remote server)');
  if (entry.disabled === true) notes.push('disabled in this file');

  if (kind === 'stdio') {
    const command = string('command');
    if (command === undefined && !('command' in entry)) problem(path, 'a stdio server needs a "command"');
    else if (command !== undefined && command.trim() === '') problem([...path, 'command'], 'is empty');
    const args: string[] = [];
    if (entry.args !== undefined) {
      if (!Array.isArray(entry.args)) problem([...path, 'args'], 'must be an array of strings');
      else
        entry.args.forEach((arg: unknown, i) => {
          if (typeof arg === 'string') args.push(arg);
          else problem([...path, 'args', i], 'must be a string');
        });
    }
    const env = stringMap('env');
    const cwd = string('cwd');
    if (entry.envFile !== undefined) notes.push('envFile is not read: copy its variables into the environment');
    if (problems.length > 0 || command === undefined) return { problems };
    notePlaceholders(notes, [
      ['command', command],
      ...args.map((a, i): [string, string] => [`args[${i}]`, a]),
      ...envPairs('env', env),
      ...(cwd ? [['cwd', cwd] as [string, string]] : []),
    ]);
    const secrets = markSecrets(env);
    const config: ServerConfig = {
      command,
      args,
      env,
      ...(cwd === undefined || cwd === '' ? {} : { cwd }),
      ...(secrets.length > 0 ? { secrets } : {}),
    };
    return { name, line, column, notes, transport: 'stdio', config };
  }
  if (kind === 'http' || kind === 'sse') {
    const urlKey = 'url' in entry ? 'url' : 'serverUrl';
    const url = string(urlKey);
    if (url === undefined && !(urlKey in entry)) problem(path, 'a remote server needs a "url"');
    else if (url !== undefined && !/^https?:\/\/[^/?#\s]+/i.test(url.trim()))
      problem([...path, urlKey], 'must be an http:// or https:// URL');
    const headers = stringMap('headers');
    if (problems.length > 0 || url === undefined) return { problems };
    if (kind === 'sse')
      notes.push(
        'type "sse" is the deprecated HTTP+SSE transport (2024-11-05): MCP Lens tries Streamable HTTP first and falls back to it when the server refuses the POST',
      );
    notePlaceholders(notes, [['url', url], ...envPairs('headers', headers)]);
    const secrets = markSecrets(headers);
    return {
      name,
      line,
      column,
      notes,
      transport: 'http',
      remoteType: kind,
      config: { transport: 'http', url: url.trim(), headers, ...(secrets.length > 0 ? { secrets } : {}) },
    };
  }
  return { problems };
}

function envPairs(field: string, map: Record<string, string>): [string, string][] {
  return Object.entries(map).map(([k, v]) => [`${field}.${k}`, v]);
}

function notePlaceholders(notes: string[], fields: [string, string][]): void {
  for (const [where, value] of fields) {
    for (const match of value.match(PLACEHOLDERS) ?? []) {
      notes.push(`${where} holds ${match}, which the tool that reads this file fills in; MCP Lens sends it as written: replace it`);
    }
  }
}

/** The values of a map (env or headers) to mark as secret; see the module's comment. */
function markSecrets(map: Record<string, string>): string[] {
  const marked = new Set<string>();
  for (const [name, raw] of Object.entries(map)) {
    const value = raw.replace(AUTH_SCHEME, '').trim();
    if (value === '' || PLACEHOLDER.test(value)) continue;
    if (value.length >= SHORT_VALUE || isCredentialName(name)) marked.add(value);
  }
  return [...marked];
}
