/**
 * "Copy as CLI": the `mcp-lens call` command line that sends a recorded request again, from a
 * POSIX shell, and gets the row's answer back. The server command comes from the connection's
 * config (as the user typed it), the flow and version from what the connection settled on, the
 * method and its parameters from the exact request line, and the answer to the server's
 * elicitation from the exchange. Everything in it may come from a hostile server (a tool name, an
 * argument, a URI), so every word is quoted unless it is made only of characters no shell treats
 * specially.
 *
 * It runs where it was copied: it starts with the words that run this bridge's own CLI (from a
 * clone, `node …/dist/node/bridge/bin.js`, since `mcp-lens` is on no PATH there), and `cd`s to the
 * directory the server ran in. No secret is written into it: an env value is carried with
 * `--env NAME=value` only when this tab launched the connection, knows the value, and it is not a
 * secret; any other env key is handed on from the user's shell with `--pass-env NAME` (which stops,
 * naming it, when it is unset). A masked value in an argument, the URL or a header becomes
 * `"${NAME:?…}"`, so the shell stops with a message naming NAME rather than send the marker.
 */
import type { ConnectionConfig, RedactedConfig, RedactedHttpConfig } from '../../../../protocol/envelope.js';
import type { ElicitAnswer } from '../../../../protocol/elicitAnswer.js';
import { REDACTED } from '../../../../protocol/redact.js';
import { shellQuote } from '../../../../protocol/shellQuote.js';
import { isSecretEnvValue } from '../../../../protocol/secretMask.js';

export interface CliSource {
  /** The request line, parsed. */
  request: unknown;
  config:
    | (Pick<RedactedConfig, 'command' | 'args'> & Partial<Pick<RedactedConfig, 'env' | 'cwd'>>)
    | (Pick<RedactedHttpConfig, 'transport' | 'url' | 'headers'> & Partial<Pick<RedactedHttpConfig, 'oauth'>>);
  flow?: 'handshake' | 'stateless';
  protocolVersion?: string;
  /** The words that run this bridge's CLI (the welcome's `cli`); `mcp-lens` when not known. */
  cli?: readonly string[];
  /** The config as this tab launched it, values in clear: the env values that are not secret are carried. */
  clear?: ConnectionConfig;
  /** Where a server launched without a cwd ran: the bridge's own directory. */
  serverCwd?: string;
  /** How the server's elicitation during the request was answered. */
  elicit?: ElicitAnswer;
}

export type CliCommand =
  | {
      ok: true;
      line: string;
      /** The words after the shell has read them (a masked value still reads `[redacted]` here). */
      argv: string[];
      /** Variables the user's shell must hold for the line to run: secrets, never written into it. */
      needs: string[];
      /** What the copy cannot reproduce exactly, said beside it. */
      caveat?: string;
    }
  | { ok: false; reason: string };

/** The command's own name: what `npm i -g mcp-lens` (or `npx mcp-lens`) puts on the PATH. */
export const CLI_NAME = 'mcp-lens';

/** A word of the line: text to quote, or a secret to read from a variable of the user's shell. */
type Word = string | { parts: (string | { secret: string; what: string })[] };

export function cliCommand(source: CliSource): CliCommand {
  const request = asRecord(source.request);
  if (typeof request.method !== 'string' || !('id' in request)) return { ok: false, reason: 'only a request can be sent again' };
  const method = request.method;
  const params = withoutMeta(request.params);
  const options = methodOptions(method, params);
  if (!options.ok) return options;
  const cli = source.cli && source.cli.length > 0 ? [...source.cli] : [CLI_NAME];
  const words: Word[] = [
    ...cli,
    'call',
    '--flow',
    source.flow ?? 'auto',
    ...(source.protocolVersion ? ['--protocol-version', source.protocolVersion] : []),
    '--method',
    method,
    ...options.argv,
  ];
  const elicit = source.elicit;
  if (elicit) {
    words.push('--elicit', elicit.action);
    if (elicit.action === 'accept' && elicit.content) words.push('--elicit-content', JSON.stringify(elicit.content));
  }
  const caveat = elicit?.differing
    ? 'the server asked more than once and was answered differently; the command gives each question the first answer'
    : undefined;
  const names = new SecretNames();
  const config = source.config;
  if ('url' in config) {
    // An HTTP server: its URL, its headers as recorded, and a masked bearer token read from
    // the environment, so it never lands in the shell's history.
    const headers = Object.entries(config.headers);
    const bearer = headers.some(([name, value]) => name.toLowerCase() === 'authorization' && value === `Bearer ${REDACTED}`);
    words.push('--url', names.word(config.url, 'URL', 'a value in the URL'));
    for (const [name, value] of headers)
      if (!(bearer && name.toLowerCase() === 'authorization'))
        words.push('--header', names.word(`${name}: ${value}`, envName(name), `the ${name} header`));
    if (bearer) {
      words.push('--bearer-token-env', 'MCP_BEARER_TOKEN');
      names.need('MCP_BEARER_TOKEN');
    }
    // The OAuth flow runs only without an Authorization header: its settings go along otherwise.
    const authorized = headers.some(([name]) => name.toLowerCase() === 'authorization');
    if (!authorized && config.oauth) words.push(...oauthWords(config.oauth, names));
    return done(words, '', names, caveat);
  }
  const clear = source.clear && !('url' in source.clear) ? source.clear : undefined;
  for (const key of Object.keys(config.env ?? {})) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) continue;
    const value = clear?.env[key];
    if (value !== undefined && !isSecretEnv(key, value, clear?.secrets ?? [])) words.push('--env', `${key}=${value}`);
    else {
      words.push('--pass-env', key);
      names.need(key);
    }
  }
  words.push('--', names.word(config.command, 'COMMAND', 'the command'));
  config.args.forEach((arg, i) => words.push(names.word(arg, argName(config.args, i), `argument ${i + 1}`)));
  const dir = config.cwd ?? source.serverCwd;
  return done(words, dir ? `cd ${shellQuote(dir)} && ` : '', names, caveat);
}

/**
 * The connection's OAuth settings as the CLI's flags. The client secret is never written: it is
 * read from a variable of the user's shell (`--oauth-client-secret-env`), named beside the line.
 */
function oauthWords(oauth: Record<string, unknown>, names: SecretNames): string[] {
  const words: string[] = [];
  if (typeof oauth.clientId === 'string' && oauth.clientId !== '') words.push('--oauth-client-id', oauth.clientId);
  if (typeof oauth.clientId === 'string' && typeof oauth.clientSecret === 'string') {
    const name = names.fresh('MCP_OAUTH_CLIENT_SECRET');
    words.push('--oauth-client-secret-env', name);
  }
  if (typeof oauth.scope === 'string' && oauth.scope.trim() !== '') words.push('--oauth-scope', oauth.scope);
  if (oauth.remember === true) words.push('--oauth-remember');
  return words;
}

function done(words: Word[], prefix: string, names: SecretNames, caveat: string | undefined): CliCommand {
  const argv = words.map((w) => (typeof w === 'string' ? w : w.parts.map((p) => (typeof p === 'string' ? p : REDACTED)).join('')));
  const line = prefix + words.map(shellWord).join(' ');
  return { ok: true, line, argv, needs: names.needed, ...(caveat ? { caveat } : {}) };
}

/**
 * An env value is a secret when the user marked it or the record's own rule says so (its name, or
 * a key's shape: `ghp_…`, `sk-…`, a digest): those are never written out. A word, a number, a path
 * or a URL is carried.
 */
function isSecretEnv(key: string, value: string, marked: readonly string[]): boolean {
  return marked.some((m) => m !== '' && value.includes(m)) || isSecretEnvValue(key, value);
}

/** Names for the secrets of one line: each masked value read from a variable of its own. */
class SecretNames {
  readonly needed: string[] = [];

  need(name: string): void {
    if (!this.needed.includes(name)) this.needed.push(name);
  }

  /** `text` as a word, its masked parts read from `$NAME` (NAME from `base`; `what` says where it goes). */
  word(text: string, base: string, what: string): Word {
    if (!text.includes(REDACTED)) return text;
    const pieces = text.split(REDACTED);
    const parts: (string | { secret: string; what: string })[] = [];
    pieces.forEach((piece, i) => {
      if (piece !== '') parts.push(piece);
      if (i < pieces.length - 1) {
        const name = this.fresh(base);
        parts.push({ secret: name, what });
      }
    });
    return { parts };
  }

  /** `base`, or `base_2`…, not yet used on this line. */
  fresh(base: string): string {
    let name = base;
    for (let n = 2; this.needed.includes(name); n++) name = `${base}_${n}`;
    this.needed.push(name);
    return name;
  }
}

/** A variable's name for what follows `--api-key` (or is in `--token=…`): API_KEY, TOKEN; else SECRET. */
function argName(args: readonly string[], i: number): string {
  const arg = args[i] ?? '';
  const eq = arg.indexOf('=');
  const flag = eq > 0 && arg.startsWith('-') ? arg.slice(0, eq) : (args[i - 1] ?? '');
  return (flag.startsWith('-') ? envName(flag) : '') || 'SECRET';
}

/** `--api-key` → API_KEY, `X-Api-Key` → X_API_KEY: a name a shell takes. */
function envName(text: string): string {
  const name = text
    .replace(/^-+/, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return /^[A-Z_][A-Z0-9_]*$/.test(name) ? name : name === '' ? '' : `_${name}`;
}

/** A word for the shell: a quoted text, or pieces with each secret as `"${NAME:?…}"`. */
function shellWord(word: Word): string {
  if (typeof word === 'string') return shellQuote(word);
  return word.parts
    .map((p) =>
      typeof p === 'string'
        ? /^[A-Za-z0-9_@%+,./:=-]+$/.test(p)
          ? p
          : shellQuote(p)
        : `"\${${p.secret}:?set ${p.secret} to ${plain(p.what)}}"`,
    )
    .join('');
}

/** Words a shell prints as they are inside `${NAME:?…}` (no quote, $, backquote, brace or backslash). */
function plain(text: string): string {
  return text.replace(/[^A-Za-z0-9 ._,-]/g, ' ');
}

function methodOptions(
  method: string,
  params: Record<string, unknown> | undefined,
): { ok: true; argv: string[] } | { ok: false; reason: string } {
  switch (method) {
    case 'tools/call': {
      if (typeof params?.name !== 'string') return { ok: false, reason: 'the request names no tool' };
      const args = params.arguments;
      return {
        ok: true,
        argv: ['--tool-name', params.name, ...(args === undefined ? [] : ['--tool-args-json', JSON.stringify(args)])],
      };
    }
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      if (typeof params?.uri !== 'string') return { ok: false, reason: 'the request names no resource URI' };
      return { ok: true, argv: ['--uri', params.uri] };
    case 'prompts/get': {
      if (typeof params?.name !== 'string') return { ok: false, reason: 'the request names no prompt' };
      const argv = ['--prompt-name', params.name];
      for (const [key, value] of Object.entries(asRecord(params.arguments))) {
        // The CLI splits key=value at the first "=": a key holding one cannot be said.
        if (key === '' || key.includes('='))
          return { ok: false, reason: `the prompt argument name ${JSON.stringify(key)} cannot be passed as --prompt-arg` };
        argv.push('--prompt-arg', `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
      }
      return { ok: true, argv };
    }
    default:
      // Params that held only _meta say nothing the CLI does not add itself.
      return { ok: true, argv: params === undefined || Object.keys(params).length === 0 ? [] : ['--params-json', JSON.stringify(params)] };
  }
}

/** The request's params without `_meta`: the CLI writes its own (progress token, envelope). */
function withoutMeta(params: unknown): Record<string, unknown> | undefined {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) if (key !== '_meta') rest[key] = value;
  return rest;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export { shellQuote };
