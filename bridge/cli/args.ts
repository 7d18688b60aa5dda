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
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

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
