/**
 * `mcp-lens tap`: MCP Lens in front of a server a host (Claude Desktop, Cursor, VS Code) runs,
 * recording what passes without changing a byte of it. Four forms:
 *
 *   tap -- command args…                      a stdio server, as the `command` of a host's entry
 *   tap --url URL --listen HOST:PORT          a local reverse proxy in front of a remote server
 *   tap --install FILE --server NAME          rewrite one entry of a host's config to go through the tap
 *   tap --uninstall FILE --server NAME        put that entry back as it was
 *
 * The stdio form must never fail on its own account: a usage mistake is the only thing it
 * refuses, before the server starts; anything else it cannot do, it says once on stderr and
 * keeps passing bytes.
 */
import { stderr, stdout } from 'node:process';
import { UsageError, parse } from './args.js';

export const TAP_USAGE = `Usage: mcp-lens tap [options] -- command [args...]
       mcp-lens tap --url URL --listen HOST:PORT [options]
       mcp-lens tap --install FILE --server NAME [--listen HOST:PORT] [--dry-run]
       mcp-lens tap --uninstall FILE --server NAME [--dry-run]

Put MCP Lens between a host (Claude Desktop, Claude Code, Cursor, VS Code) and one of its
servers: every byte passes through unchanged, and the connection shows live, read-only, in a
running MCP Lens (or is journaled under the MCP Lens home, to open later).

  -- command [args...]    the server, exactly as the host's config runs it; its environment,
                          exit code and signals are the host's and the server's, untouched
  --url URL               a remote server (Streamable HTTP or HTTP+SSE) to proxy
  --listen HOST:PORT      where the proxy listens (a loopback address); the host's config
                          points at http://HOST:PORT/ and the path of URL
  --install FILE          rewrite the entry --server NAME of FILE (a host's JSON or JSONC
                          config) to go through the tap; a backup is kept, the change printed
  --uninstall FILE        put the entry --server NAME back as it was before --install
  --server NAME           the entry to rewrite
  --dry-run               print the change without writing it
  --home DIR              the MCP Lens home (default $MCP_LENS_HOME or ~/.mcp-lens)
  -h, --help              this help
`;

const tapOptions = {
  url: { type: 'string' },
  listen: { type: 'string' },
  install: { type: 'string' },
  uninstall: { type: 'string' },
  server: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  home: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Where the proxy listens: a loopback host and a port (0: any free one, said on stderr). */
export function listenOption(value: string): { host: string; port: number } {
  const at = value.lastIndexOf(':');
  const host = at < 0 ? '127.0.0.1' : value.slice(0, at).replace(/^\[(.*)\]$/, '$1');
  const port = Number(at < 0 ? value : value.slice(at + 1));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--listen expects HOST:PORT, got "${value}"`);
  if (!['127.0.0.1', 'localhost', '::1'].includes(host))
    throw new UsageError(`--listen takes a loopback address (127.0.0.1, ::1 or localhost), got "${host}"`);
  return { host, port };
}

export async function runTap(argv: string[], out: NodeJS.WritableStream = stdout, err: NodeJS.WritableStream = stderr): Promise<number> {
  // Everything after the first `--` is the server's, untouched: even a `--help` among its args.
  const dash = argv.indexOf('--');
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const server = dash < 0 ? [] : argv.slice(dash + 1);
  let values;
  try {
    const parsed = parse(own, tapOptions);
    values = parsed.values;
    if (values.help === true) {
      out.write(TAP_USAGE);
      return 0;
    }
    if (parsed.positionals.length > 0) throw new UsageError(`unexpected ${parsed.positionals.join(' ')}: the server to run goes after --`);
    const config = values.install ?? values.uninstall;
    if (values.install !== undefined && values.uninstall !== undefined) throw new UsageError('--install and --uninstall go one at a time');
    if (config !== undefined) {
      if (values.server === undefined)
        throw new UsageError(`--${values.install !== undefined ? 'install' : 'uninstall'} needs --server NAME`);
      if (server.length > 0 || values.url !== undefined)
        throw new UsageError('--install and --uninstall take the entry from the file, not a server');
      const { runTapInstall } = await import('./tapInstall.js');
      return await runTapInstall(
        {
          file: config,
          server: values.server,
          uninstall: values.uninstall !== undefined,
          dryRun: values['dry-run'],
          ...(values.listen === undefined ? {} : { listen: listenOption(values.listen) }),
        },
        out,
        err,
      );
    }
    if (values.url !== undefined) {
      if (server.length > 0) throw new UsageError('--url proxies a remote server: give no command after --');
      if (values.listen === undefined) throw new UsageError('--url needs --listen HOST:PORT, the address the host is pointed at');
      if (!/^https?:\/\//i.test(values.url)) throw new UsageError(`--url expects an http:// or https:// URL, got "${values.url}"`);
      const { runHttpTap } = await import('../tap/httpTap.js');
      return await runHttpTap({ url: values.url, listen: listenOption(values.listen), ...homeOf(values.home) }, err);
    }
    if (server.length === 0 || server[0] === '')
      throw new UsageError('give the server to run after --, e.g. mcp-lens tap -- node server.js');
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`mcp-lens tap: ${error.message}\n\n${TAP_USAGE}`);
      return 2;
    }
    throw error;
  }
  const [command, ...args] = server as [string, ...string[]];
  const { runStdioTap } = await import('../tap/stdioTap.js');
  return runStdioTap({ command, args, ...homeOf(values.home) });
}

function homeOf(home: string | undefined): { home?: string } {
  return home === undefined ? {} : { home };
}
