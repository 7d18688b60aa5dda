/**
 * The environment a server starts with. The official MCP SDK's convention: only a safe list of
 * the parent's variables, so the bridge's own secrets (cloud keys, tokens in a shell profile)
 * never reach a server that did not ask for them, plus what the user set. `inheritEnv` hands over
 * everything instead, except what must never leave the bridge (its own token).
 */
import type { ServerConfig } from '../protocol/envelope.js';

/** The parent's variables a server gets by default: what a program needs to find itself and its user. */
export const POSIX_SAFE_ENV = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'] as const;
export const WINDOWS_SAFE_ENV = [
  'APPDATA',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PATH',
  'PROCESSOR_ARCHITECTURE',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'USERNAME',
  'USERPROFILE',
  'PROGRAMFILES',
] as const;

/** Never handed to a server from the parent, even with inheritEnv. */
export const NEVER_INHERITED = ['MCP_LENS_TOKEN'] as const;

export interface ServerEnvOptions {
  platform?: NodeJS.Platform;
  /** More of the parent's variables to hold back. */
  withhold?: readonly string[];
}

export function serverEnv(
  parent: NodeJS.ProcessEnv,
  config: Pick<ServerConfig, 'env' | 'inheritEnv'>,
  options: ServerEnvOptions = {},
): Record<string, string> {
  const windows = (options.platform ?? process.platform) === 'win32';
  // Windows names are case-insensitive (`Path`): compare them in one case there.
  const norm = (key: string): string => (windows ? key.toUpperCase() : key);
  const withheld = new Set([...NEVER_INHERITED, ...(options.withhold ?? [])].map(norm));
  const safe = new Set<string>(windows ? WINDOWS_SAFE_ENV : POSIX_SAFE_ENV);

  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(parent)) {
    if (value === undefined || withheld.has(norm(key))) continue;
    if (config.inheritEnv) env[key] = value;
    // A value starting with "()" is an exported shell function: code, not data (the SDK skips them too).
    else if (safe.has(norm(key)) && !value.startsWith('()')) env[key] = value;
  }
  // What the user set wins, the bridge's token included: it is theirs to pass on purpose.
  return Object.assign(env, config.env);
}
