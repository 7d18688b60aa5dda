/**
 * Secrets out of a server's config before it is journaled or exported. Pure: the bridge, the CLI
 * and the app's export dialog all call it, and it reports what it replaced so the dialog can
 * list it (and put back what the user chooses to keep).
 *
 * What counts as a secret (docs/session-format.md, "Secrets"):
 * - every env value (the keys stay);
 * - the value of a flag whose name has a credential word in it (see CREDENTIAL_WORDS): `--token=v`,
 *   `--api-key v`, `-api-key=v`, `--authToken v`. The value after the flag is taken whatever it
 *   looks like (`-abc` too) unless it is itself a long option (`--verbose`) or missing. `--no-auth`
 *   is a switch, and `--tokenizer x`, `--max-tokens 4096`, `--token-file p` are not credentials
 *   (whole words only; see NOT_CREDENTIAL_LAST and NOT_CREDENTIAL_FIRST);
 * - the value after the short flags `-t` (token), `-k` (key) and `-p` (password; a value of digits
 *   alone is a port and stays);
 * - header values: `Authorization: Bearer v` (the scheme stays), `X-Api-Key: v`, `Cookie: v`,
 *   wherever a header appears (an argument of its own, after `--header=`, inside a shell line);
 * - assignments: `env NAME=v cmd`, `NAME=v cmd` at the start of a shell line or of the command
 *   field, `-e NAME=v` / `--env NAME=v` (docker and the like), and `token=v` alone when the name is
 *   a credential's;
 * - URLs: the password (or a lone user name: often a token) in `https://user:pass@host`, and the
 *   value of a credential-named query or fragment parameter (`?token=v&api_key=v`);
 * - JSON in an argument: `"api_key": "v"`;
 * - every occurrence, anywhere in command, arguments, env and cwd, of a value the user marked.
 * An HTTP connection's config (redactHttpConfig) goes by the same rules: the URL's credentials,
 * the value of every credential-named header (`Authorization` keeps its scheme), and marked values
 * anywhere in the URL and the header values.
 * `sh -c "…"` (and bash, zsh…) and `env -S "…"` lines are read as command lines, so the same rules
 * reach inside them.
 */
import type {
  ConnectionConfig,
  HttpServerConfig,
  RedactedConfig,
  RedactedConnectionConfig,
  RedactedHttpConfig,
  ServerConfig,
} from './envelope.js';

/** The marker standing in for a value wherever a config leaves the process host. */
export const REDACTED = '[redacted]';

export type RedactionRule = 'env' | 'flag' | 'header' | 'assignment' | 'url' | 'json' | 'marked';

export type RedactionField = 'command' | 'args' | 'env' | 'cwd' | 'url' | 'headers';

export interface Redaction {
  /** Stable for the same config and marked values: what `keep` names. */
  id: string;
  field: RedactionField;
  /** The argument's index, for `args`. */
  index?: number;
  /** The variable's name, for `env`; the header's, for `headers`. */
  key?: string;
  rule: RedactionRule;
  /** At most two leading characters, then an ellipsis: enough to recognise, not to use. */
  preview: string;
  /** The value in clear; absent when the input already carried the marker. Never to be written out. */
  secret?: string;
}

export interface RedactOptions {
  /** Values the user marked as secret: each is replaced wherever it occurs. */
  marked?: readonly string[];
  /** Ids of redactions to leave in clear (the export dialog's "keep"). */
  keep?: ReadonlySet<string>;
}

export interface RedactedResult {
  config: RedactedConfig;
  redactions: Redaction[];
}

type ConfigIn = Pick<ServerConfig, 'command' | 'args' | 'env' | 'cwd'> & { secrets?: readonly string[] | undefined };

/** Redacts a config (a clear one, or one already redacted: markers are reported, not redacted twice). */
export function redactServerConfig(config: ConfigIn, options: RedactOptions = {}): RedactedResult {
  const marked = [...new Set([...(options.marked ?? []), ...(config.secrets ?? [])])].filter((m) => m !== '');
  const keep = options.keep ?? new Set<string>();
  const redactions: Redaction[] = [];

  const commandTokens = /\s/.test(config.command.trim()) ? tokenizeLine(config.command) : undefined;
  const argv = [...(commandTokens?.map((t) => t.value) ?? [config.command]), ...config.args];
  const positional = analyzeArgv(argv);
  const offset = commandTokens?.length ?? 1;
  const commandSpans = commandTokens ? mapTokenSpans(config.command, commandTokens, positional.slice(0, offset)) : (positional[0] ?? []);

  const apply = textRedactor(marked, keep, redactions);
  const command = apply('command', config.command, commandSpans, {});
  const args = config.args.map((arg, i) => apply('args', arg, positional[i + offset] ?? [], { index: i }));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(config.env)) {
    const id = `env.${key}`;
    const known = value !== REDACTED;
    redactions.push({
      id,
      field: 'env',
      key,
      rule: 'env',
      preview: known ? previewOf(value) : '…',
      ...(known ? { secret: value } : {}),
    });
    env[key] = known && keep.has(id) ? value : REDACTED;
  }
  const cwd = config.cwd === undefined ? undefined : apply('cwd', config.cwd, [], {});
  return { config: { command, args, env, ...(cwd === undefined ? {} : { cwd }) }, redactions };
}

/** Replaces the spans of one field's text (and every known rule's and marked value's), recording each. */
function textRedactor(
  marked: readonly string[],
  keep: ReadonlySet<string>,
  redactions: Redaction[],
): (field: RedactionField, text: string, spans: Span[], where: { index?: number; key?: string }) => string {
  return (field, text, spans, where) => {
    const merged = mergeSpans([...spans, ...textSpans(text), ...markedSpans(text, marked)]);
    const fieldId = field === 'args' ? `args[${where.index ?? 0}]` : field === 'headers' ? `headers.${where.key ?? ''}` : field;
    let out = '';
    let at = 0;
    merged.forEach((span, n) => {
      const value = text.slice(span.start, span.end);
      const id = `${fieldId}#${n}`;
      const known = value !== REDACTED;
      redactions.push({
        id,
        field,
        ...where,
        rule: span.rule,
        preview: known ? previewOf(value) : '…',
        ...(known ? { secret: value } : {}),
      });
      out += text.slice(at, span.start) + (known && keep.has(id) ? value : REDACTED);
      at = span.end;
    });
    return out + text.slice(at);
  };
}

type HttpConfigIn = Pick<HttpServerConfig, 'url' | 'headers' | 'timeoutMs'> & { secrets?: readonly string[] | undefined };

/**
 * Redacts an HTTP connection's config: the URL's credentials, every credential-named header's
 * value (after its scheme: `Bearer [redacted]`), and marked values in the URL and every header.
 */
export function redactHttpConfig(
  config: HttpConfigIn,
  options: RedactOptions = {},
): { config: RedactedHttpConfig; redactions: Redaction[] } {
  const marked = [...new Set([...(options.marked ?? []), ...(config.secrets ?? [])])].filter((m) => m !== '');
  const redactions: Redaction[] = [];
  const apply = textRedactor(marked, options.keep ?? new Set<string>(), redactions);
  const url = apply('url', config.url, [], {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers))
    headers[name] = apply('headers', value, headerValueSpans(name, value), { key: name });
  return {
    config: { transport: 'http', url, headers, ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }) },
    redactions,
  };
}

/** Any connection's config, redacted by its transport's rules. */
export function redactConnectionConfig(
  config: ConnectionConfig | RedactedConnectionConfig,
  options: RedactOptions = {},
): { config: RedactedConnectionConfig; redactions: Redaction[] } {
  if (config.transport === 'http') return redactHttpConfig(config, options);
  return redactServerConfig(config, options);
}

/**
 * Headers as recorded: each credential-named header's value masked (its scheme kept), and the
 * given values masked wherever they occur. Names stay as given.
 */
export function maskHeaders(headers: Readonly<Record<string, string>>, marked: readonly string[] = []): Record<string, string> {
  return redactHttpConfig({ url: '', headers: { ...headers } }, { marked }).config.headers;
}

/** A URL as recorded: its credentials (a password, a `?token=`) and the given values masked. */
export function maskUrl(url: string, marked: readonly string[] = []): string {
  return redactHttpConfig({ url, headers: {} }, { marked }).config.url;
}

/** The spans of a header's value a credential-named header gives (after an auth scheme). */
function headerValueSpans(name: string, value: string): Span[] {
  if (!isCredentialName(name) || value === '' || value === REDACTED) return [];
  const scheme = AUTH_SCHEME.exec(value);
  const start = scheme ? scheme[0].length : 0;
  let end = value.length;
  while (end > start && /\s/.test(value[end - 1] ?? '')) end--;
  return end > start ? [{ start, end, rule: 'header' }] : [];
}

/** The config with every secret replaced: what the bridge journals. */
export function redactConfig(config: ConfigIn, marked: readonly string[] = []): RedactedConfig {
  return redactServerConfig(config, { marked }).config;
}

/** A program's arguments alone (the program named when known: `env` and shells read differently). */
export function redactArgs(args: readonly string[], command = ''): string[] {
  return redactServerConfig({ command, args: [...args], env: {} }).config.args;
}

export function previewOf(value: string): string {
  const chars = [...value];
  return chars.length >= 10 ? `${chars.slice(0, 2).join('')}…` : '…';
}

/** Every occurrence of each value in `text` replaced by the marker, longest value first. */
export function maskText(text: string, values: readonly string[]): { text: string; count: number } {
  let count = 0;
  let out = text;
  for (const value of [...values].filter((v) => v !== '').sort((a, b) => b.length - a.length)) {
    const parts = out.split(value);
    if (parts.length === 1) continue;
    count += parts.length - 1;
    out = parts.join(REDACTED);
  }
  return { text: out, count };
}

// --- what a name means ---------------------------------------------------------------------

/** Whole words (after splitting on -, _, ., camelCase) that make a name a credential's. */
const CREDENTIAL_WORDS = new Set([
  'token',
  'secret',
  'secrets',
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'apikey',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'cookie',
  'bearer',
  'key',
  'pat',
  'sig',
  'signature',
]);
/** A last word that says the value describes a credential rather than being one: `--token-file p`. */
const NOT_CREDENTIAL_LAST = new Set(['file', 'path', 'dir', 'url', 'uri', 'endpoint', 'type', 'mode', 'method', 'env', 'var', 'name']);
/** A first word that makes it a quantity: `--max-token 100`. */
const NOT_CREDENTIAL_FIRST = new Set(['max', 'min', 'num']);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

export function isCredentialName(name: string): boolean {
  const w = words(name);
  const first = w[0];
  const last = w.at(-1);
  if (first === undefined || last === undefined) return false;
  if (w.length > 1 && (NOT_CREDENTIAL_LAST.has(last) || NOT_CREDENTIAL_FIRST.has(first))) return false;
  return w.some((word) => CREDENTIAL_WORDS.has(word));
}

// --- spans ----------------------------------------------------------------------------------

interface Span {
  start: number;
  end: number;
  rule: RedactionRule;
}

function mergeSpans(spans: Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

function markedSpans(text: string, marked: readonly string[]): Span[] {
  const spans: Span[] = [];
  for (const value of marked) {
    for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length))
      spans.push({ start: at, end: at + value.length, rule: 'marked' });
  }
  return spans;
}

// --- rules on any text: URLs, headers, JSON fields -----------------------------------------

const URL_PATTERN = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>`]+/g;
const HEADER_PATTERN = /(^|["'\s,;=])([A-Za-z][A-Za-z0-9_-]*)[ \t]*:(?!\/\/)[ \t]*/g;
const AUTH_SCHEME = /^(bearer|basic|token|digest|bot|apikey|negotiate|ntlm)[ \t]+/i;
const JSON_FIELD = /"([^"\\]{1,100})"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

function textSpans(text: string): Span[] {
  return [...urlSpans(text), ...headerSpans(text), ...jsonSpans(text)];
}

function urlSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    const base = match.index;
    const authorityStart = url.indexOf('//') + 2;
    const authorityEnd = firstOf(url, ['/', '?', '#'], authorityStart);
    const at = url.lastIndexOf('@', authorityEnd - 1);
    if (at >= authorityStart) {
      const colon = url.indexOf(':', authorityStart);
      const start = colon !== -1 && colon < at ? colon + 1 : authorityStart;
      spans.push({ start: base + start, end: base + at, rule: 'url' });
    }
    const rest = url.slice(authorityEnd);
    for (const param of rest.matchAll(/([?&#;])([^=&#;?]+)=([^&#;]*)/g)) {
      const [whole, , name = '', value = ''] = param;
      if (value === '' || !isCredentialName(decodeName(name))) continue;
      const end = base + authorityEnd + param.index + whole.length;
      spans.push({ start: end - value.length, end, rule: 'url' });
    }
  }
  return spans;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function firstOf(text: string, chars: string[], from: number): number {
  let first = text.length;
  for (const c of chars) {
    const i = text.indexOf(c, from);
    if (i !== -1 && i < first) first = i;
  }
  return first;
}

function headerSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(HEADER_PATTERN)) {
    const [whole, , name = ''] = match;
    if (!isCredentialName(name)) continue;
    let start = match.index + whole.length;
    const scheme = AUTH_SCHEME.exec(text.slice(start));
    if (scheme) start += scheme[0].length;
    let end = firstOf(text, ['"', "'", '\n'], start);
    while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
    if (end > start) spans.push({ start, end, rule: 'header' });
  }
  return spans;
}

function jsonSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(JSON_FIELD)) {
    const [whole, name = '', value = ''] = match;
    if (value === '' || !isCredentialName(name)) continue;
    const end = match.index + whole.length - 1;
    spans.push({ start: end - value.length, end, rule: 'json' });
  }
  return spans;
}

// --- rules on a command line: flags, assignments, wrappers ---------------------------------

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'fish']);
/** `env`'s options that take a value (the value of -S is itself a command line). */
const ENV_VALUE_OPTIONS = new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string']);
const SHORT_SECRET_FLAGS = new Set(['t', 'k', 'p']);

function programName(arg: string): string {
  const base = arg.split(/[\\/]/).at(-1) ?? arg;
  return base.toLowerCase().replace(/\.exe$/, '');
}

/** Spans per element of argv (argv[0] being the program), each relative to its element. */
function analyzeArgv(argv: readonly string[]): Span[][] {
  const spans = argv.map((): Span[] => []);
  analyzeFrom(argv, 0, spans);
  return spans;
}

function analyzeFrom(argv: readonly string[], from: number, spans: Span[][]): void {
  const arg = (i: number): string => argv[i] ?? '';
  const whole = (i: number, rule: RedactionRule, start = 0): void => {
    if (arg(i).length > start) spans[i]?.push({ start, end: arg(i).length, rule });
  };
  const script = (i: number): void => {
    const tokens = tokenizeLine(arg(i));
    spans[i]?.push(...mapTokenSpans(arg(i), tokens, analyzeArgv(tokens.map((t) => t.value))));
  };

  let i = from;
  // NAME=v before a command: a shell line, or a whole command line typed into the command field.
  for (let m = ASSIGNMENT.exec(arg(i)); i < argv.length && m; m = ASSIGNMENT.exec(arg(++i))) whole(i, 'assignment', m[0].length);
  if (i >= argv.length) return;
  const program = programName(arg(i));

  if (program === 'env') {
    let j = i + 1;
    for (; j < argv.length; j++) {
      const a = arg(j);
      if (a === '--') {
        j++;
        break;
      }
      if (!a.startsWith('-')) break;
      if (ENV_VALUE_OPTIONS.has(a)) {
        if (a === '-S' || a === '--split-string') script(j + 1);
        j++;
      }
    }
    analyzeFrom(argv, j, spans);
    return;
  }

  for (let j = i + 1; j < argv.length; j++) {
    const a = arg(j);
    const next = j + 1 < argv.length ? arg(j + 1) : undefined;
    const takesNext = next !== undefined && !next.startsWith('--');

    if (SHELLS.has(program) && /^-[A-Za-z]*c[A-Za-z]*$/.test(a) && next !== undefined) {
      script(j + 1);
      j++;
      continue;
    }
    const withValue = /^(--?)([A-Za-z][\w.-]*)=/.exec(a);
    if (withValue) {
      const [prefix, dashes = '', name = ''] = withValue;
      const rest = a.slice(prefix.length);
      const envLike = (name === 'env' || name === 'e') && ASSIGNMENT.exec(rest);
      if (envLike) whole(j, 'assignment', prefix.length + envLike[0].length);
      else if (isCredentialName(name) || (dashes === '-' && SHORT_SECRET_FLAGS.has(name) && !(name === 'p' && /^\d+$/.test(rest))))
        whole(j, 'flag', prefix.length);
      continue;
    }
    if ((a === '-e' || a === '--env') && next !== undefined) {
      const m = ASSIGNMENT.exec(next);
      if (m) {
        whole(j + 1, 'assignment', m[0].length);
        j++;
      }
      continue;
    }
    const short = /^-([A-Za-z])$/.exec(a)?.[1];
    if (short !== undefined) {
      if (SHORT_SECRET_FLAGS.has(short) && takesNext && !(short === 'p' && /^\d+$/.test(next))) {
        whole(j + 1, 'flag');
        j++;
      }
      continue;
    }
    const long = /^--?([A-Za-z][\w.-]+)$/.exec(a)?.[1];
    if (long !== undefined) {
      if (isCredentialName(long) && !/^no[-_]/i.test(long) && takesNext) {
        whole(j + 1, 'flag');
        j++;
      }
      continue;
    }
    const assigned = ASSIGNMENT.exec(a);
    if (assigned && isCredentialName(assigned[1] ?? '')) whole(j, 'assignment', assigned[0].length);
  }
}

// --- a command line inside one string --------------------------------------------------------

interface Token {
  value: string;
  start: number;
  end: number;
}

/** Splits a shell-like line on whitespace, honouring quotes and backslashes (no expansion). */
function tokenizeLine(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i] ?? '')) i++;
    if (i >= line.length) break;
    const start = i;
    let value = '';
    let quote: string | undefined;
    for (; i < line.length; i++) {
      const c = line[i] ?? '';
      if (quote) {
        if (c === quote) quote = undefined;
        else if (c === '\\' && quote === '"' && i + 1 < line.length) value += line[++i] ?? '';
        else value += c;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '\\' && i + 1 < line.length) value += line[++i] ?? '';
      else if (/\s/.test(c)) break;
      else value += c;
    }
    tokens.push({ value, start, end: i });
  }
  return tokens;
}

/** Spans found in tokens' values, placed back in the line the tokens came from. */
function mapTokenSpans(line: string, tokens: Token[], spans: Span[][]): Span[] {
  const out: Span[] = [];
  tokens.forEach((token, t) => {
    const raw = line.slice(token.start, token.end);
    for (const span of spans[t] ?? []) {
      if (raw === token.value) {
        out.push({ start: token.start + span.start, end: token.start + span.end, rule: span.rule });
        continue;
      }
      // Quotes or escapes moved things: find the value itself, or else take the whole token.
      const value = token.value.slice(span.start, span.end);
      const at = raw.indexOf(value);
      out.push(
        at !== -1
          ? { start: token.start + at, end: token.start + at + value.length, rule: span.rule }
          : { start: token.start, end: token.end, rule: span.rule },
      );
    }
  });
  return out;
}
