/**
 * The OAuth flags of `call` and `check` for an HTTP server that answers 401: a pre-registered
 * client (`--oauth-client-id`, the secret read from the variable `--oauth-client-secret-env`
 * names, never from the command line, where the shell's history and `ps` would keep it), the
 * scopes, the callback's port, `--no-browser` (print the URL) and `--oauth-remember` (keep the
 * tokens under the MCP Lens home for the next run). They fill the connection's `oauth` settings;
 * the browser step and the token store are the CLI's own (bridge/oauth/).
 */
import type { HttpServerConfig } from '../../protocol/envelope.js';
import { FileTokenStore } from '../oauth/fileTokenStore.js';
import { LoopbackBrowser } from '../oauth/loopbackBrowser.js';
import type { BrowserStep, TokenStore } from '../oauth/types.js';
import { UsageError } from './args.js';

export const oauthOptions = {
  'oauth-client-id': { type: 'string' },
  'oauth-client-secret-env': { type: 'string' },
  /** Declared only to refuse it with a reason: a secret on the command line lands in the shell's history. */
  'oauth-client-secret': { type: 'string' },
  'oauth-scope': { type: 'string' },
  'oauth-callback-port': { type: 'string' },
  'no-browser': { type: 'boolean' },
  'oauth-remember': { type: 'boolean' },
} as const;

export const OAUTH_USAGE = `  A server that answers 401 is authorized by the OAuth flow of the MCP spec (discovery, registration,
  PKCE, your consent in the browser); with a bearer token or an Authorization header it is not.
  --oauth-client-id <id>            a client registered with the authorization server beforehand
  --oauth-client-secret-env <NAME>  its secret, read from $NAME (never given on the command line)
  --oauth-scope "a b"               the scopes to ask for (default: what the server's challenge or metadata say)
  --oauth-callback-port <n>         the port of the redirect URI http://127.0.0.1:<n>/oauth/callback (default: any free one)
  --no-browser                      print the authorization URL instead of opening a browser, and wait for the callback
  --oauth-remember                  keep the tokens (owner-only, under $MCP_LENS_HOME or ~/.mcp-lens) for the next run`;

export interface OAuthValues {
  'oauth-client-id'?: string | undefined;
  'oauth-client-secret-env'?: string | undefined;
  'oauth-client-secret'?: string | undefined;
  'oauth-scope'?: string | undefined;
  'oauth-callback-port'?: string | undefined;
  'no-browser'?: boolean | undefined;
  'oauth-remember'?: boolean | undefined;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function hasOAuthValues(values: OAuthValues): boolean {
  return (
    values['oauth-client-id'] !== undefined ||
    values['oauth-client-secret-env'] !== undefined ||
    values['oauth-client-secret'] !== undefined ||
    values['oauth-scope'] !== undefined ||
    values['oauth-callback-port'] !== undefined ||
    values['no-browser'] === true ||
    values['oauth-remember'] === true
  );
}

/** The connection's `oauth` settings the flags give, laid over `base` (a config file's entry may have some). */
export function oauthSettingsFrom(values: OAuthValues, base: HttpServerConfig['oauth'], env: NodeJS.ProcessEnv): HttpServerConfig['oauth'] {
  if (values['oauth-client-secret'] !== undefined)
    throw new UsageError(
      'a client secret is never taken on the command line (your shell keeps its history): export it and give --oauth-client-secret-env NAME',
    );
  const settings: NonNullable<HttpServerConfig['oauth']> = { ...base };
  const clientId = values['oauth-client-id'];
  if (clientId !== undefined) {
    if (clientId.trim() === '') throw new UsageError('--oauth-client-id is empty');
    settings.clientId = clientId.trim();
  }
  const name = values['oauth-client-secret-env'];
  if (name !== undefined) {
    if (!ENV_NAME.test(name)) throw new UsageError(`--oauth-client-secret-env expects a variable's name, got "${name}"`);
    if (settings.clientId === undefined)
      throw new UsageError('--oauth-client-secret-env goes with --oauth-client-id: a secret is a client’s');
    const secret = env[name];
    if (secret === undefined || secret === '')
      throw new UsageError(`--oauth-client-secret-env ${name}: $${name} is not set (export ${name}=… first)`);
    settings.clientSecret = secret;
  }
  const scope = values['oauth-scope'];
  if (scope !== undefined) {
    const words = scope.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) throw new UsageError('--oauth-scope is empty');
    settings.scope = words.join(' ');
  }
  if (values['oauth-remember'] === true) settings.remember = true;
  return Object.keys(settings).length === 0 ? undefined : settings;
}

/** The CLI's token store and browser step, for HeadlessClient's `oauth`. */
export function cliOAuth(values: OAuthValues, say: (text: string) => void): { store: TokenStore; browser: BrowserStep } {
  return {
    store: new FileTokenStore({ onProblem: (text) => say(`note: ${text}`) }),
    browser: new LoopbackBrowser({
      port: callbackPort(values['oauth-callback-port']),
      noBrowser: values['no-browser'] === true,
      say,
    }),
  };
}

export function callbackPort(value: string | undefined): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(n) || n < 1 || n > 65535)
    throw new UsageError(`--oauth-callback-port must be a port from 1 to 65535, got "${value}"`);
  return n;
}
