/**
 * What a connection is called on its card and in the log's picker. The server's own word for
 * itself wins once the engine has it; before that (or for a server that never says), the
 * script or package it was launched with, because `node` or `npx` alone names nothing.
 */
import type { Connected } from '../../../protocol/connect.js';
import type { AppLaneConfig, RedactedConfig, RedactedHttpConfig } from '../../../protocol/envelope.js';

/** What names a connection: a command line, a URL, or an app lane's ui:// resource. */
export type NamingConfig =
  Pick<RedactedConfig, 'command' | 'args'> | Pick<RedactedHttpConfig, 'transport' | 'url'> | Pick<AppLaneConfig, 'transport' | 'uri'>;

export interface Nameable {
  conn: string;
  label?: string | undefined;
  config?: NamingConfig | undefined;
  connected?: Connected | undefined;
  tap?: { client?: { name: string; version?: string } | undefined; server?: { name: string; version?: string } | undefined } | undefined;
}

export function connectionName(info: Nameable): string {
  // A host's connection, seen through a tap: the host first, as the host's own view of it.
  if (info.tap) {
    const host = info.tap.client ? serverInfoName(info.tap.client) : undefined;
    const server = (info.tap.server ? serverInfoName(info.tap.server) : undefined) ?? (info.config ? scriptName(info.config) : info.conn);
    return `${host ?? 'a host'} → ${server}`;
  }
  const server = serverInfoName(info.connected?.serverInfo);
  if (server !== undefined) {
    // A label the server's name already says (the demo's) adds nothing; a comparison's role does.
    return info.label !== undefined && !server.startsWith(info.label) ? `${server} (${info.label})` : server;
  }
  if (info.label !== undefined) return info.label;
  if (info.config) return scriptName(info.config);
  return info.conn;
}

/** The command line as typed (an HTTP server's URL), for a tooltip. */
export function commandLine(config: NamingConfig): string {
  if ('uri' in config) return config.uri;
  if ('url' in config) return config.url;
  return [config.command, ...config.args].join(' ');
}

/** serverInfo (an Implementation): its title, else its name, plus its version. */
export function serverInfoName(serverInfo: unknown): string | undefined {
  if (typeof serverInfo !== 'object' || serverInfo === null) return undefined;
  const info = serverInfo as Record<string, unknown>;
  const name = nonEmpty(info.title) ?? nonEmpty(info.name);
  if (name === undefined) return undefined;
  const version = nonEmpty(info.version);
  return version === undefined ? name : `${name} ${version}`;
}

/** Interpreters whose first operand is the script they run. */
const INTERPRETERS = new Set(['node', 'nodejs', 'bun', 'deno', 'tsx', 'ts-node', 'python', 'python3', 'uv', 'ruby', 'php', 'java']);
/** Runners whose first operand is a package to fetch and run. */
const PACKAGE_RUNNERS = new Set(['npx', 'bunx', 'pnpx', 'uvx', 'pipx', 'pnpm', 'yarn', 'npm']);
/** Subcommands that stand between a tool and its operand: `deno run x.ts`, `pnpm dlx pkg`. */
const SUBCOMMANDS = new Set(['run', 'dlx', 'exec', 'x']);

/** The script or package a server was launched with, else the command's own file name; an HTTP server's host and path. */
export function scriptName(config: NamingConfig): string {
  if ('uri' in config) return `app ${config.uri}`;
  if ('url' in config) return urlName(config.url);
  const tool = baseName(config.command)
    .toLowerCase()
    .replace(/\.(exe|cmd|bat)$/, '');
  const family = tool.replace(/[\d.]+$/, ''); // python3.12 -> python
  const runner = PACKAGE_RUNNERS.has(tool);
  if (!runner && !INTERPRETERS.has(tool) && !INTERPRETERS.has(family)) return baseName(config.command);
  const args = [...config.args];
  if (args[0] !== undefined && SUBCOMMANDS.has(args[0])) args.shift();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    // python -m module: the module is what runs.
    if (arg === '-m' && !runner) return args[i + 1] ?? baseName(config.command);
    if (arg === '--') continue;
    if (arg.startsWith('-')) continue;
    return runner ? packageName(arg) : baseName(arg);
  }
  return baseName(config.command);
}

/** `https://user:…@example.com:8443/mcp?x=1` -> `example.com:8443/mcp`. */
function urlName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

/** `@scope/name@1.2.3` -> `@scope/name`; `name@latest` -> `name`. */
function packageName(spec: string): string {
  const at = spec.indexOf('@', 1);
  return at === -1 ? spec : spec.slice(0, at);
}

function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts.at(-1) || path;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
