/** Shared flags of `mcp-lens call` and `mcp-lens check`. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

export const commonOptions = {
  flow: { type: 'string', default: 'auto' },
  'protocol-version': { type: 'string' },
  timeout: { type: 'string', default: '60000' },
  'probe-timeout': { type: 'string' },
  transcript: { type: 'boolean', default: false },
  record: { type: 'string' },
  'no-discover': { type: 'boolean', default: false },
  'inherit-env': { type: 'boolean', default: false },
  ...envOptions(),
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** `--env NAME=value` and `--pass-env NAME`: what a server MCP Lens starts is given besides the safe list. */
export function envOptions() {
  return {
    env: { type: 'string', multiple: true },
    'pass-env': { type: 'string', multiple: true },
  } as const satisfies ParseArgsConfig['options'];
}

export const ENV_USAGE = `  --env NAME=value                  set NAME for the server (repeatable)
  --pass-env NAME                   hand the server NAME from this environment, as it is here; stops with
                                    exit 2, naming it, when NAME is not set (repeatable; for a secret)`;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The variables `--env` and `--pass-env` give the server. A `--pass-env` name that is not set
 * here stops the run before the server starts: a server started without its key fails later and
 * less clearly, and a placeholder sent in its place would be worse.
 */
export function serverEnvValues(
  values: { env?: string[] | undefined; 'pass-env'?: string[] | undefined },
  callerEnv: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of values.env ?? []) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (eq < 0 || !ENV_NAME.test(name)) throw new UsageError(`--env expects NAME=value, got "${pair}"`);
    env[name] = pair.slice(eq + 1);
  }
  const missing: string[] = [];
  for (const name of values['pass-env'] ?? []) {
    if (!ENV_NAME.test(name)) throw new UsageError(`--pass-env expects a variable's name, got "${name}"`);
    const value = callerEnv[name];
    if (value === undefined) missing.push(name);
    else env[name] = value;
  }
  if (missing.length > 0)
    throw new UsageError(
      `the server needs ${missing.join(', ')} from this environment (--pass-env), and ${missing.length === 1 ? 'it is' : 'they are'} not set: ${missing.map((m) => `export ${m}=…`).join('; ')} first`,
    );
  return env;
}

export function parse<T extends ParseArgsConfig['options']>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function flowOption(value: string | undefined): 'handshake' | 'stateless' | 'auto' {
  if (value === 'handshake' || value === 'stateless' || value === 'auto') return value;
  throw new UsageError(`--flow must be handshake, stateless or auto, got "${value}"`);
}

export function msOption(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive number of milliseconds, got "${value}"`);
  return n;
}

/** --probe-timeout: how long auto waits for server/discover before sending initialize too. */
export function probeTimeoutOption(value: string | undefined): { probeTimeoutMs?: number } {
  return value === undefined ? {} : { probeTimeoutMs: msOption('probe-timeout', value) };
}

/** `inheritEnv` (--inherit-env): the server gets this process's whole environment, not only the safe list. */
export function serverCommand(positionals: string[], inheritEnv = false): { command: string; args: string[]; inheritEnv?: true } {
  const [command, ...args] = positionals;
  if (command === undefined) throw new UsageError('give the server to run after --, e.g. -- node server.js');
  return { command, args, ...(inheritEnv ? { inheritEnv: true as const } : {}) };
}
