/**
 * `--config FILE --server NAME`: a server picked from an `mcpServers` config file (Claude
 * Desktop, Cursor, VS Code; protocol/mcpServersFile.ts) in place of `-- command`, for serving
 * the app and for `call` and `check`. A file that cannot be used is a UsageError (exit 2) whose
 * message names the line and column; a missing or unknown name lists the names in the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ConnectionConfig, HttpServerConfig, ServerConfig } from '../../protocol/envelope.js';
import { formatConfigProblem, readServersFile, type ImportedServer } from '../../protocol/mcpServersFile.js';
import { serverCommand, serverEnvValues, UsageError } from './args.js';
import { hasHttpValues, httpServerFrom, type HttpValues } from './httpOptions.js';

/** Options `call`, `check` and the app's command take for it. */
export const configOptions = {
  config: { type: 'string' },
  server: { type: 'string' },
} as const;

function listNames(servers: readonly ImportedServer[]): string {
  return servers.map((s) => (s.transport === 'http' ? `${s.name} (remote: ${s.config.url})` : s.name)).join(', ');
}

/** The entry `name` of the config file `file`, checked; relative `cwd` read from the file's folder. */
export function serverFromConfigFile(file: string, name: string | undefined): ImportedServer {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new UsageError(`cannot read --config ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
  const read = readServersFile(text);
  if (!read.ok) throw new UsageError(read.problems.map((p) => `${file}: ${formatConfigProblem(p)}`).join('\n'));
  const names = [...read.servers.map((s) => s.name), ...read.problems.flatMap((p) => (p.server === undefined ? [] : [p.server]))];
  if (name === undefined) throw new UsageError(`--config ${file} needs --server NAME; the file lists: ${listNames(read.servers)}`);
  const own = read.problems.filter((p) => p.server === name);
  if (own.length > 0) throw new UsageError(own.map((p) => `${file}: ${formatConfigProblem(p)}`).join('\n'));
  const server = read.servers.find((s) => s.name === name);
  if (!server) {
    const near = names.find((n) => n.toLowerCase() === name.toLowerCase());
    throw new UsageError(
      `${file} has no server "${name}"${near ? ` (did you mean "${near}"?)` : ''}; it lists: ${listNames(read.servers)}`,
    );
  }
  if (server.transport === 'stdio' && server.config.cwd !== undefined && !path.isAbsolute(server.config.cwd)) {
    return { ...server, config: { ...server.config, cwd: path.resolve(path.dirname(file), server.config.cwd) } };
  }
  return server;
}

/** Remote entries wait for the HTTP transport; until then this says so plainly. */
/**
 * The server of `call` or `check`: an HTTP server (`--url`), the entry `--config`/`--server`
 * name (a remote one over HTTP, with `--header` and a bearer token added), or the command after
 * `--`. `serverNotes` are what the reader noticed in the entry (placeholders left as written).
 */
export function headlessServer(
  values: { config?: string; server?: string; 'inherit-env'?: boolean; env?: string[]; 'pass-env'?: string[] } & HttpValues,
  positionals: string[],
  env: NodeJS.ProcessEnv = process.env,
): { server: ConnectionConfig; serverNotes: string[] } {
  const inherit = values['inherit-env'] === true ? { inheritEnv: true as const } : {};
  const given = values.env !== undefined || values['pass-env'] !== undefined;
  if (values.url !== undefined) {
    if (values.config !== undefined || positionals.length > 0)
      throw new UsageError('give the server with --url, with --config and --server, or after --: one of them');
    if (values['inherit-env'] === true) throw new UsageError('--inherit-env is for a server MCP Lens starts, not one at a --url');
    if (given) throw new UsageError('--env and --pass-env are for a server MCP Lens starts, not one at a --url');
    return { server: httpServerFrom(values, { transport: 'http', url: values.url, headers: {} }, env), serverNotes: [] };
  }
  if (values.config === undefined) {
    if (values.server !== undefined) throw new UsageError('--server names a server of a --config file: give the file too');
    if (hasHttpValues(values))
      throw new UsageError(
        '--header, --bearer-token(-env), --http-timeout and the --oauth-* flags go with --url (or a remote --config server)',
      );
    return { server: { ...serverCommand(positionals), env: serverEnvValues(values, env), ...inherit }, serverNotes: [] };
  }
  if (positionals.length > 0) throw new UsageError('give the server with --config and --server, or after --, not both');
  const picked = serverFromConfigFile(values.config, values.server);
  const serverNotes = picked.notes.map((n) => `"${picked.name}": ${n}`);
  if (picked.transport === 'http') {
    if (given)
      throw new UsageError(`"${picked.name}" in ${values.config} is a remote server: --env and --pass-env are for one MCP Lens starts`);
    return { server: httpServerFrom(values, picked.config, env), serverNotes };
  }
  if (hasHttpValues(values))
    throw new UsageError(
      `"${picked.name}" in ${values.config} is started by MCP Lens: --header, a bearer token and the --oauth-* flags are for a remote server`,
    );
  return { server: { ...picked.config, env: { ...picked.config.env, ...serverEnvValues(values, env) }, ...inherit }, serverNotes };
}

/**
 * The server the app starts with from `--config`/`--server` (named after its entry), with its
 * notes: one MCP Lens starts, or a remote one.
 */
export function appServerFromConfig(
  file: string,
  name: string | undefined,
): { server: (ServerConfig | HttpServerConfig) & { label: string }; notes: string[] } {
  const picked = serverFromConfigFile(file, name);
  return { server: { ...picked.config, label: picked.name }, notes: picked.notes.map((n) => `"${picked.name}": ${n}`) };
}
