/**
 * `--url URL [--header 'K: V']... [--bearer-token T | --bearer-token-env NAME] [--http-timeout ms]`:
 * an HTTP server for `call` and `check`, in place of `-- command`. The token is best read from
 * the environment (`--bearer-token-env`), so it never lands in the shell's history; either way it
 * is sent as `Authorization: Bearer …`, masked wherever it is recorded.
 */
import type { HttpServerConfig } from '../../protocol/envelope.js';
import { msOption, UsageError } from './args.js';
import { callbackPort, hasOAuthValues, OAUTH_USAGE, oauthOptions, oauthSettingsFrom, type OAuthValues } from './oauthOptions.js';

export const httpOptions = {
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  'bearer-token': { type: 'string' },
  'bearer-token-env': { type: 'string' },
  'http-timeout': { type: 'string' },
  ...oauthOptions,
} as const;

export const HTTP_USAGE = `  --url <url>                       an HTTP server (Streamable HTTP) in place of -- command
  --header 'Name: value'            a header for every request (repeat for more)
  --bearer-token-env <NAME>         send Authorization: Bearer with the token in $NAME (kept out of
                                    your shell history); --bearer-token <token> gives it directly
  --http-timeout <ms>               how long a request waits for its response headers (default 30000)
${OAUTH_USAGE}`;

export interface HttpValues extends OAuthValues {
  url?: string | undefined;
  header?: string[] | undefined;
  'bearer-token'?: string | undefined;
  'bearer-token-env'?: string | undefined;
  'http-timeout'?: string | undefined;
}

/** RFC 9110 token characters: what a header's name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Whether any HTTP flag was given (they need --url, or a remote --config entry). */
export function hasHttpValues(values: HttpValues): boolean {
  return (
    values.url !== undefined ||
    (values.header?.length ?? 0) > 0 ||
    values['bearer-token'] !== undefined ||
    values['bearer-token-env'] !== undefined ||
    values['http-timeout'] !== undefined ||
    hasOAuthValues(values)
  );
}

/** The headers, token and timeout the flags give, laid over `base` (a config file's remote entry, or just the URL). */
export function httpServerFrom(values: HttpValues, base: HttpServerConfig, env: NodeJS.ProcessEnv = process.env): HttpServerConfig {
  if (!/^https?:\/\/[^/?#\s]+/i.test(base.url)) throw new UsageError(`--url must be an http:// or https:// URL, got "${base.url}"`);
  const headers: Record<string, string> = { ...base.headers };
  const secrets = [...(base.secrets ?? [])];
  for (const header of values.header ?? []) {
    const colon = header.indexOf(':');
    const name = colon === -1 ? '' : header.slice(0, colon).trim();
    if (!TOKEN.test(name)) throw new UsageError(`--header must be 'Name: value', got "${header}"`);
    const value = header.slice(colon + 1).trim();
    if (/[\r\n\0]/.test(value)) throw new UsageError(`--header ${name}: a value may not hold a line break or NUL`);
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    headers[name] = value;
  }
  const token = bearerToken(values, env);
  if (token !== undefined) {
    if (Object.keys(headers).some((n) => n.toLowerCase() === 'authorization'))
      throw new UsageError('a bearer token and an Authorization header: give one of them');
    headers.Authorization = `Bearer ${token}`;
    secrets.push(token);
  }
  const timeoutMs = values['http-timeout'] === undefined ? base.timeoutMs : msOption('http-timeout', values['http-timeout']);
  callbackPort(values['oauth-callback-port']);
  const oauth = oauthSettingsFrom(values, base.oauth, env);
  // The flow runs only where the user set no Authorization: flags for both would be one unused.
  if (hasOAuthValues(values) && Object.keys(headers).some((n) => n.toLowerCase() === 'authorization'))
    throw new UsageError('the --oauth-* flags and a bearer token (or Authorization header): give one of them');
  if (oauth?.clientSecret !== undefined) secrets.push(oauth.clientSecret);
  return {
    transport: 'http',
    url: base.url,
    headers,
    ...(secrets.length > 0 ? { secrets } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(oauth === undefined ? {} : { oauth }),
  };
}

function bearerToken(values: HttpValues, env: NodeJS.ProcessEnv): string | undefined {
  const direct = values['bearer-token'];
  const name = values['bearer-token-env'];
  if (direct !== undefined && name !== undefined) throw new UsageError('--bearer-token and --bearer-token-env: give one of them');
  if (direct !== undefined) {
    if (direct.trim() === '') throw new UsageError('--bearer-token is empty');
    return direct.trim();
  }
  if (name === undefined) return undefined;
  const value = env[name];
  if (value === undefined || value.trim() === '') throw new UsageError(`--bearer-token-env ${name}: $${name} is not set`);
  return value.trim();
}
