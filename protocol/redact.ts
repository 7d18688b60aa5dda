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
import { analyzeArgv, mapTokenSpans, tokenizeLine } from './redact/commandLine.js';
import { REDACTED, type RedactionRule } from './redact/marker.js';
import { markedSpans, mergeSpans, type Span } from './redact/spans.js';
import { headerValueSpans, textSpans } from './redact/textRules.js';

export { REDACTED, type RedactionRule } from './redact/marker.js';
export { isCredentialName } from './redact/names.js';

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

type HttpConfigIn = Pick<HttpServerConfig, 'url' | 'headers' | 'timeoutMs'> & {
  secrets?: readonly string[] | undefined;
  oauth?: HttpServerConfig['oauth'] | Record<string, unknown> | undefined;
};

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
  // The OAuth settings are kept (the app shows them), the client secret never.
  const oauth =
    config.oauth === undefined
      ? undefined
      : { ...config.oauth, ...(typeof config.oauth.clientSecret === 'string' ? { clientSecret: REDACTED } : {}) };
  return {
    config: {
      transport: 'http',
      url,
      headers,
      ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
      ...(oauth === undefined ? {} : { oauth }),
    },
    redactions,
  };
}

/** Any connection's config, redacted by its transport's rules. */
export function redactConnectionConfig(
  config: ConnectionConfig | RedactedConnectionConfig,
  options: RedactOptions = {},
): { config: RedactedConnectionConfig; redactions: Redaction[] } {
  if (config.transport === 'http') return redactHttpConfig(config, options);
  // An app lane holds a ui:// URI and connection ids: nothing a secret hides in.
  if (config.transport === 'app') return { config, redactions: [] };
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
