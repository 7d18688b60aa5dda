/**
 * "Copy as CLI": the `mcp-lens call` command line that sends a recorded request again, from a
 * POSIX shell. The server command comes from the connection's config (as the user typed it),
 * the flow and version from what the connection settled on, the method and its parameters from
 * the exact request line. Everything in it may come from a hostile server (a tool name, an
 * argument, a URI), so every word is quoted unless it is made only of characters no shell treats
 * specially. Env values are never journaled: each env key becomes `KEY="${KEY:?}"`, which passes
 * the user's own value on and stops with a message when it is unset.
 */
import type { RedactedConfig, RedactedHttpConfig } from '../../../../protocol/envelope.js';
import { REDACTED } from '../../../../protocol/redact.js';

export interface CliSource {
  /** The request line, parsed. */
  request: unknown;
  config:
    | (Pick<RedactedConfig, 'command' | 'args'> & Partial<Pick<RedactedConfig, 'env' | 'cwd'>>)
    | Pick<RedactedHttpConfig, 'transport' | 'url' | 'headers'>;
  flow?: 'handshake' | 'stateless';
  protocolVersion?: string;
}

export type CliCommand = { ok: true; line: string; argv: string[] } | { ok: false; reason: string };

/** The command's own name: what `npm i -g mcp-lens` (or `npx mcp-lens`) puts on the PATH. */
export const CLI_NAME = 'mcp-lens';

export function cliCommand(source: CliSource): CliCommand {
  const request = asRecord(source.request);
  if (typeof request.method !== 'string' || !('id' in request)) return { ok: false, reason: 'only a request can be sent again' };
  const method = request.method;
  const params = withoutMeta(request.params);
  const options = methodOptions(method, params);
  if (!options.ok) return options;
  const argv = [
    CLI_NAME,
    'call',
    '--flow',
    source.flow ?? 'auto',
    ...(source.protocolVersion ? ['--protocol-version', source.protocolVersion] : []),
    '--method',
    method,
    ...options.argv,
  ];
  const config = source.config;
  if ('url' in config) {
    // An HTTP server: its URL, its headers as recorded, and a masked bearer token read from
    // the environment, so it never lands in the shell's history.
    const headers = Object.entries(config.headers);
    const bearer = headers.some(([name, value]) => name.toLowerCase() === 'authorization' && value === `Bearer ${REDACTED}`);
    argv.push('--url', config.url);
    for (const [name, value] of headers)
      if (!(bearer && name.toLowerCase() === 'authorization')) argv.push('--header', `${name}: ${value}`);
    if (bearer) argv.push('--bearer-token-env', 'MCP_BEARER_TOKEN');
    return { ok: true, argv, line: argv.map(shellQuote).join(' ') };
  }
  argv.push('--', config.command, ...config.args);
  const env = Object.keys(config.env ?? {})
    .filter((key) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
    .map((key) => `${key}="\${${key}:?}"`);
  const cd = config.cwd ? `cd ${shellQuote(config.cwd)} && ` : '';
  return { ok: true, argv, line: cd + [...env, ...argv.map(shellQuote)].join(' ') };
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

/**
 * One word for a POSIX shell: bare when nothing in it is special, else single-quoted. A bare `=`
 * is safe because no quoted word is ever first on the line (that is `mcp-lens` or `cd`).
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+,./:=-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
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
