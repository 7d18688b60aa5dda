/**
 * `mcp-lens tap --install` and `--uninstall` as text edits of a host's config file (Claude
 * Desktop, Claude Code, Cursor: `mcpServers`; VS Code: `servers`, or `mcp.servers` in its
 * settings.json; Claude Code's `~/.claude.json` also under `projects.<path>.mcpServers`). Pure:
 * text in, text out; the CLI reads and writes the file.
 *
 * Only the entry's `command` and `args` change (a remote entry's `url`); every other byte of the
 * file stays: comments, trailing commas, indentation, line endings, key order, the entry's env.
 *
 * The tapped entry holds everything `--uninstall` needs to give back the original bytes, so the
 * file needs no side record and the user may edit other entries in between:
 * - the original `command` literal is copied verbatim (escapes and all) as the argument after
 *   `tap --`; `command` becomes the first of the words that run the tap;
 * - an `args` array keeps its own text after the tap's words: `[` + words + `,` + the original
 *   inside of the brackets; a space is put after that comma unless the inside starts on a new
 *   line, and is taken off again (a multi-line array gets the tap's words on lines of their
 *   own, indented as its items). An empty array gets the words before its inside (`[ ]` keeps
 *   its space); `[]` gets them without spaces, `["a","tap","--","x"]`;
 * - an entry without `args` gets `, "args": ["a", "tap", "--", "x"]` right after the command's
 *   value, spaced as the entry's members are. That exact text, and only it, is taken out again;
 *   the two spellings of the `[]` case differ, so neither is taken for the other;
 * - a remote entry's URL becomes the proxy's address, and the original (its literal text)
 *   rides in the fragment, `#mcp-lens-tap=<encoded>`, which no HTTP client sends.
 * An entry the user reformatted after install still uninstalls to the same server, spelled the
 * way it now is.
 */
import { blankJsonComments } from '../jsonc.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../jsonDepth.js';
import { jsonNodes, memberOf, type JsonMember, type JsonNode } from '../jsonNodes.js';
import { findJsonSyntaxError } from '../jsonWhere.js';
import { maskUrl } from '../redact.js';
import { configSecrets, secretForms } from '../secretMask.js';

export type TapEditRefusal =
  /** The file is not JSON (JSONC) or has no server lists. */
  | 'invalid'
  /** The name is in more than one list. */
  | 'ambiguous'
  | 'not-found'
  /** The entry has no usable command or url. */
  | 'not-an-entry'
  | 'tapped'
  | 'not-tapped'
  /** A remote entry, and no `--listen` (or port 0). */
  | 'needs-listen';

export type TapEdit =
  | {
      ok: true;
      text: string;
      /** Where the entry is, as a path: `mcpServers.github`. */
      where: string;
      transport: 'stdio' | 'http';
      /** For a remote entry put through the tap: the URL to proxy (as the host had it) and the address the entry now names. */
      remote?: { url: string; listen: string };
      /** Values of the entry not to print in clear (env values, credentials), in their JSON and URL spellings too. */
      secrets: string[];
    }
  | { ok: false; reason: TapEditRefusal; message: string };

export interface TapListen {
  host: string;
  port: number;
}

/** The fragment that carries a remote entry's original URL. */
const URL_MARK = '#mcp-lens-tap=';

type Refused = Extract<TapEdit, { ok: false }>;
const refuse = (reason: TapEditRefusal, message: string): Refused => ({ ok: false, reason, message });

interface Located {
  /** The text as parsed: comments and trailing commas blanked, offsets as in the original. */
  blanked: string;
  entry: JsonMember;
  where: string;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Rewrites the entry `name` to run `words… tap -- command args…`. `words` are what runs the tap
 * (an absolute node and bin.js: a host may start servers with a minimal PATH).
 */
export function installTap(text: string, name: string, words: readonly [string, ...string[]], listen?: TapListen): TapEdit {
  const found = locate(text, name);
  if ('ok' in found) return found;
  const { entry, where } = found;
  const node = entry.node as Extract<JsonNode, { kind: 'object' }>;
  const remote = remoteUrl(node);
  if (remote !== undefined) {
    const url = remote.node as Extract<JsonNode, { kind: 'string' }>;
    if (url.value.includes(URL_MARK)) return refuse('tapped', `${where} goes through the tap already; --uninstall puts it back`);
    const shown = maskUrl(url.value);
    if (listen === undefined)
      return refuse(
        'needs-listen',
        `${where} is a remote server (${shown}): give --listen HOST:PORT, where \`mcp-lens tap --url\` will listen; the entry is then pointed there`,
      );
    if (listen.port === 0) return refuse('needs-listen', '--listen needs a fixed port for --install: the host is pointed at it');
    let parsed: URL;
    try {
      parsed = new URL(url.value.trim());
    } catch {
      return refuse('not-an-entry', `${where}.${remote.key} is not a URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      return refuse('not-an-entry', `${where}.${remote.key} is not an http:// or https:// URL`);
    const address = `${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${listen.port}`;
    const local = `http://${address}${parsed.pathname}${parsed.search}${URL_MARK}${encodeURIComponent(text.slice(url.start + 1, url.end - 1))}`;
    return finish(text, [{ start: url.start, end: url.end, text: JSON.stringify(local) }], found, 'http', {
      url: url.value,
      listen: address,
    });
  }
  const stdio = stdioParts(found);
  if ('ok' in stdio) return stdio;
  const { command, args } = stdio;
  const cmd = command.node as Extract<JsonNode, { kind: 'string' }>;
  if (tapAt([cmd.value, ...stringsOf(args)]) >= 0)
    return refuse('tapped', `${where} goes through the tap already; --uninstall puts it back`);
  const raw = text.slice(cmd.start, cmd.end);
  const items = [...words.slice(1).map((w) => JSON.stringify(w)), '"tap"', '"--"', raw];
  const edits: Edit[] = [{ start: cmd.start, end: cmd.end, text: JSON.stringify(words[0]) }];
  if (args === undefined) {
    edits.push({ start: cmd.end, end: cmd.end, text: argsMemberText(text, found.blanked, node, command, items) });
  } else {
    const array = args.node as Extract<JsonNode, { kind: 'array' }>;
    const inner = text.slice(array.start + 1, array.end - 1);
    let replaced: string;
    if (array.items.length > 0) {
      const lead = /^[ \t\r\n]*/.exec(inner)?.[0] ?? '';
      const words = lead.includes('\n') ? lead + items.join(`,${lead}`) : items.join(', ');
      replaced = `[${words}${/^[\r\n]/.test(inner) ? ',' : ', '}${inner}]`;
    } else replaced = `[${items.join(inner === '' ? ',' : ', ')}${inner}]`;
    edits.push({ start: array.start, end: array.end, text: replaced });
  }
  return finish(text, edits, found, 'stdio');
}

/** Puts back the entry `name` as it was before installTap (see the module's comment). */
export function uninstallTap(text: string, name: string): TapEdit {
  const found = locate(text, name);
  if ('ok' in found) return found;
  const { entry, where } = found;
  const node = entry.node as Extract<JsonNode, { kind: 'object' }>;
  const notTapped = refuse('not-tapped', `${where} does not go through the tap: nothing to put back`);
  const remote = remoteUrl(node);
  if (remote !== undefined) {
    const url = remote.node as Extract<JsonNode, { kind: 'string' }>;
    const at = url.value.lastIndexOf(URL_MARK);
    if (at < 0) return notTapped;
    let original: string;
    try {
      original = decodeURIComponent(url.value.slice(at + URL_MARK.length));
      if (typeof JSON.parse(`"${original}"`) !== 'string') return notTapped;
    } catch {
      return refuse('not-tapped', `${where}.${remote.key} names the tap, but the URL it replaced is unreadable: put it back by hand`);
    }
    return finish(text, [{ start: url.start, end: url.end, text: `"${original}"` }], found, 'http');
  }
  const stdio = stdioParts(found);
  if ('ok' in stdio) return stdio;
  const { command, args } = stdio;
  const cmd = command.node as Extract<JsonNode, { kind: 'string' }>;
  if (args === undefined) return notTapped;
  const array = args.node as Extract<JsonNode, { kind: 'array' }>;
  const at = tapAt([cmd.value, ...stringsOf(args)]);
  // The original command is the argument after `tap --`: args index at + 1 (tokens count the command).
  const original = array.items[at + 1];
  if (at < 0 || original === undefined) return notTapped;
  const raw = text.slice(original.start, original.end);
  const restore: Edit = { start: cmd.start, end: cmd.end, text: raw };
  if (array.items.length === at + 2) {
    const items = array.items.map((item) => text.slice(item.start, item.end));
    const inserted = argsMemberText(text, found.blanked, node, command, items);
    if (text.slice(cmd.end, array.end) === inserted)
      return finish(text, [restore, { start: cmd.end, end: array.end, text: '' }], found, 'stdio');
  }
  let rest = text.slice(original.end, array.end - 1);
  // Install put `, ` before the original items (`,` before a line break): the comma and that space go.
  if (rest.startsWith(',')) rest = rest.slice(rest.startsWith(', ') ? 2 : 1);
  const done = finish(text, [restore, { start: array.start, end: array.end, text: `[${rest}]` }], found, 'stdio');
  if (done.ok) return done;
  // Hand-edited around the tap's words (a comment after the command, say): the arguments plainly.
  const plain = array.items.slice(at + 2).map((item) => text.slice(item.start, item.end));
  return finish(text, [restore, { start: array.start, end: array.end, text: `[${plain.join(', ')}]` }], found, 'stdio');
}

/**
 * Where in `[command, ...args]` the tap's `tap --` starts: the word before it names MCP Lens
 * (`mcp-lens`, its bin.js), and a command follows. -1 when the entry is not tapped.
 */
function tapAt(tokens: readonly string[]): number {
  for (let i = 1; i + 2 < tokens.length; i++) {
    const before = tokens[i - 1] ?? '';
    if (tokens[i] === 'tap' && tokens[i + 1] === '--' && (/mcp-lens/i.test(before) || /[\\/]bridge[\\/]bin\.js$/.test(before))) return i;
  }
  return -1;
}

function stringsOf(args: JsonMember | undefined): string[] {
  if (args?.node.kind !== 'array') return [];
  return args.node.items.map((item) => (item.kind === 'string' ? item.value : ''));
}

/** An entry's remote URL member, when the entry is a remote one. */
function remoteUrl(node: Extract<JsonNode, { kind: 'object' }>): JsonMember | undefined {
  const url = memberOf(node, 'url') ?? memberOf(node, 'serverUrl');
  if (url?.node.kind !== 'string') return undefined;
  const type = memberOf(node, 'type')?.node;
  const typed = type?.kind === 'string' ? type.value : undefined;
  if (memberOf(node, 'command') !== undefined && (typed === undefined || typed === 'stdio')) return undefined;
  return url;
}

function stdioParts(found: Located): { command: JsonMember; args: JsonMember | undefined } | Refused {
  const node = found.entry.node as Extract<JsonNode, { kind: 'object' }>;
  const command = memberOf(node, 'command');
  if (command === undefined) return refuse('not-an-entry', `${found.where} has neither a "command" nor a "url"`);
  if (command.node.kind !== 'string' || command.node.value.trim() === '')
    return refuse('not-an-entry', `${found.where}.command must be a non-empty string`);
  const args = memberOf(node, 'args');
  if (args !== undefined && (args.node.kind !== 'array' || args.node.items.some((item) => item.kind !== 'string')))
    return refuse('not-an-entry', `${found.where}.args must be an array of strings`);
  return { command, args };
}

/**
 * The `"args"` member put after the command's value when the entry had none: spaced as the
 * command member is (the space before its key, around its colon), so it reads as the user's.
 */
function argsMemberText(
  text: string,
  blanked: string,
  entry: Extract<JsonNode, { kind: 'object' }>,
  command: JsonMember,
  items: readonly string[],
): string {
  let before = command.keyStart;
  while (before > entry.start && /[ \t\r\n]/.test(blanked.charAt(before - 1))) before--;
  let gap = text.slice(before, command.keyStart);
  if (!/^[ \t\r\n]*$/.test(gap)) {
    // A comment before the key: keep only the line break and indentation after it.
    const newline = gap.lastIndexOf('\n');
    const tail = newline < 0 ? '' : gap.slice(gap.charAt(newline - 1) === '\r' ? newline - 1 : newline);
    gap = /^[ \t\r\n]+$/.test(tail) ? tail : ' ';
  }
  const colon = text.slice(command.keyEnd, command.node.start);
  return `,${gap}"args"${/^[ \t]*:[ \t]*$/.test(colon) ? colon : ': '}[${items.join(', ')}]`;
}

/** The edits applied, and the result checked to still be the JSON (JSONC) it was. */
function finish(
  text: string,
  edits: Edit[],
  found: Located,
  transport: 'stdio' | 'http',
  remote?: { url: string; listen: string },
): TapEdit {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  if (findJsonSyntaxError(blankJsonComments(withoutBom(out))) !== undefined)
    return refuse('invalid', `rewriting ${found.where} would break the file's syntax; nothing is changed: edit it by hand`);
  return { ok: true, text: out, where: found.where, transport, ...(remote ? { remote } : {}), secrets: entrySecrets(found) };
}

function withoutBom(text: string): string {
  return text.startsWith('\ufeff') ? ` ${text.slice(1)}` : text;
}

/** The entry's secret values, in every spelling a printed diff of the file could show them. */
function entrySecrets(found: Located): string[] {
  const value = JSON.parse(found.blanked.slice(found.entry.node.start, found.entry.node.end)) as Record<string, unknown>;
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const map = (v: unknown): Record<string, string> =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (typeof x === 'string' ? [[k, x]] : [])))
      : {};
  const url = typeof value.url === 'string' ? value.url : typeof value.serverUrl === 'string' ? value.serverUrl : undefined;
  const found1 = [
    ...(typeof value.command === 'string' && value.command !== ''
      ? configSecrets({ command: value.command, args: strings(value.args), env: map(value.env) })
      : []),
    ...(url !== undefined ? configSecrets({ transport: 'http', url, headers: map(value.headers) }) : []),
  ];
  return [...new Set([...secretForms(found1), ...found1.map((s) => encodeURIComponent(s))])];
}

/** The entry `name` in the file's server lists, or why there is none. */
function locate(text: string, name: string): Located | Refused {
  const blanked = blankJsonComments(withoutBom(text));
  const syntax = findJsonSyntaxError(blanked);
  if (syntax) return refuse('invalid', `line ${syntax.line}, column ${syntax.column}: ${syntax.message}`);
  if (nestsDeeperThan(blanked)) return refuse('invalid', `nests deeper than ${MAX_JSON_DEPTH} levels`);
  const root = jsonNodes(blanked);
  if (root.kind !== 'object') return refuse('invalid', 'a host config is a JSON object');
  const lists: { where: string; node: JsonNode }[] = [];
  const add = (where: string, member: JsonMember | undefined): void => {
    if (member?.node.kind === 'object') lists.push({ where, node: member.node });
  };
  add('mcpServers', memberOf(root, 'mcpServers'));
  add('servers', memberOf(root, 'servers'));
  add('mcp.servers', memberOf(memberOf(root, 'mcp')?.node, 'servers'));
  const top = lists.length;
  const projects = memberOf(root, 'projects')?.node;
  if (projects?.kind === 'object')
    for (const project of projects.members)
      add(`projects[${JSON.stringify(project.key)}].mcpServers`, memberOf(project.node, 'mcpServers'));
  if (lists.length === 0)
    return refuse(
      'invalid',
      'no "mcpServers" object (Claude Desktop, Claude Code, Cursor), "servers" (VS Code\'s mcp.json) or "mcp.servers" (its settings.json) in this file',
    );
  const hits = lists.flatMap((list, index) => {
    const entry = memberOf(list.node, name);
    return entry === undefined ? [] : [{ index, where: `${list.where}${pathKey(name)}`, entry }];
  });
  // A name at the top level is the one meant: a project's list is searched only when it is not.
  const chosen = hits.some((hit) => hit.index < top) ? hits.filter((hit) => hit.index < top) : hits;
  const [hit, ...others] = chosen;
  if (hit === undefined) {
    const names = lists.flatMap((list) => (list.node.kind === 'object' ? list.node.members.map((m) => m.key) : []));
    const shown = [...new Set(names)];
    return refuse(
      'not-found',
      `no server "${name}" in this file; it lists: ${shown.length === 0 ? '(none)' : shown.slice(0, 30).join(', ')}${shown.length > 30 ? ', …' : ''}`,
    );
  }
  if (others.length > 0)
    return refuse('ambiguous', `"${name}" is in more than one list (${chosen.map((c) => c.where).join(', ')}): edit the file by hand`);
  if (hit.entry.node.kind !== 'object') return refuse('not-an-entry', `${hit.where} is not an object`);
  return { blanked, entry: hit.entry, where: hit.where };
}

function pathKey(key: string): string {
  return /^[A-Za-z_$][\w$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
