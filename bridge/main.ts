/**
 * The `mcp-lens` command. With no subcommand it serves the app and the bridge on one origin,
 * with the server given after `--` (or the demo server) ready to connect.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import type { RunningBridge } from './createBridge.js';
import type { HttpServerConfig, ServerConfigInput } from '../protocol/envelope.js';
import { VERSION } from './version.js';
import { parseFollowersAddress } from './followersAddress.js';
import { stderr, stdout } from './cli/terminalOut.js';
import { unknownSubcommand } from './cli/subcommands.js';

const USAGE = `Usage: mcp-lens [options] [-- command [args...]]
       mcp-lens [options] --config <file> --server <name>
       mcp-lens call --method <m> [options] -- command [args...]   (mcp-lens call --help)
       mcp-lens check [options] -- command [args...]               (mcp-lens check --help)
       mcp-lens view <file> [--html <out>] [options]               (mcp-lens view --help)
       mcp-lens replay <file> [options] -- command [args...]       (mcp-lens replay --help)
       mcp-lens mock <file> [--conn <id>]                          (mcp-lens mock --help)
       mcp-lens tap [options] -- command [args...]                 (mcp-lens tap --help)
       mcp-lens tour check <file>                                  (mcp-lens tour --help)
       mcp-lens conformance-client <url>                           (mcp-lens conformance-client --help)

Serves MCP Lens at http://127.0.0.1:<port>/ with the given stdio server (default: the demo
server) ready to connect.

Options:
  --port <n>          port to listen on (default $PORT or 6280; 0 picks a free one)
  --no-open           do not open a browser
  --home <dir>        where journals are kept (default $MCP_LENS_HOME or ~/.mcp-lens)
  --idle-stop <min>   stop a server no tab has shown for this many minutes
                      (default 15; 0 never; fractions allowed)
  --inherit-env       hand the default server this whole environment (default: PATH, HOME,
                      USER, SHELL, TERM, LOGNAME only)
  --config <file>     with --server <name>: start with that server of an mcpServers config file
                      (Claude Desktop, Cursor, VS Code) connected, its env and cwd as the file
                      says; a file that cannot be used is named by line, and exit 2
  --flow <f>          connect at start in this flow: handshake, stateless or auto (the default
                      with --config)
  --host <addr>       address to bind (default 127.0.0.1)
  --followers <host:port>
                      also serve the follower page (read-only, a token of its own) on this
                      address, 0.0.0.0:6290 for the room's LAN: learners follow on their laptops
  --tour <file>       start on the Workshop tab with this tour (JSON or YAML, docs/tours.md),
                      checked first: a malformed tour is its problems by line, and exit 2
  --check             with --tour: check the tour and stop (exit 0, or 2 with its problems)
  --dangerously-listen-beyond-loopback
                      allow --host to be something other than loopback: anyone who can
                      reach the port and learn the token can run programs as you
  -h, --help          this text
  -v, --version       the version
`;

function demoServer(): ServerConfigInput & { label: string } {
  return { command: process.execPath, args: [demoServerPath()], label: 'MCP Lens demo server' };
}

export function demoServerPath(): string {
  return fileURLToPath(new URL('../demo/server.js', import.meta.url));
}

function webDir(): string | undefined {
  const dir = fileURLToPath(new URL('../../web/', import.meta.url));
  return fs.existsSync(`${dir}/index.html`) ? dir : undefined;
}

/** How often `stopWithParent` looks for its parent. */
const PARENT_CHECK_MS = 500;

export interface CliOptions {
  /**
   * Stop, as on Ctrl-C, once the process that started this one is gone. `npm start` sets it:
   * a SIGTERM to npm ended npm and its shell and left this process serving, with its token
   * and every server, for good.
   */
  stopWithParent?: boolean;
  /**
   * With `stopWithParent`: more processes to stop with. `npm start` gives npm's, above the shell
   * npm runs the script in: a SIGKILL to npm leaves that shell, the parent, in place.
   */
  stopWith?: number[];
  /** `mcp-lens view FILE`: the checked file the page opens at start. */
  viewFile?: string;
}

export async function runCli(argv: string[], options: CliOptions = {}): Promise<number> {
  if (argv[0] === 'call') return headless('call', async () => (await import('./cli/call.js')).runCall(argv.slice(1)));
  if (argv[0] === 'check') return headless('check', async () => (await import('./cli/check.js')).runCheck(argv.slice(1)));
  if (argv[0] === 'view')
    return headless('view', async () =>
      (await import('./cli/view.js')).runView(argv.slice(1), (serveArgs, viewFile) => serve(serveArgs, { ...options, viewFile })),
    );
  if (argv[0] === 'replay') return headless('replay', async () => (await import('./cli/replay.js')).runReplay(argv.slice(1)));
  if (argv[0] === 'mock') return headless('mock', async () => (await import('./cli/mock.js')).runMock(argv.slice(1)));
  // Not through `headless`: a tap's exit is its server's, code or signal, and nothing of its own.
  if (argv[0] === 'tap') return (await import('./cli/tap.js')).runTap(argv.slice(1));
  if (argv[0] === 'tour') return headless('tour', async () => (await import('./cli/tour.js')).runTour(argv.slice(1)));
  if (argv[0] === 'conformance-client')
    return headless('conformance-client', async () => (await import('./cli/conformanceClient.js')).runConformanceClient(argv.slice(1)));
  const unknown = unknownSubcommand(argv[0]);
  if (unknown !== undefined) {
    stderr.write(`${unknown}\n`);
    return 2;
  }
  return serve(argv, options);
}

async function serve(argv: string[], options: CliOptions): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        open: { type: 'boolean', default: true },
        'no-open': { type: 'boolean' },
        home: { type: 'string' },
        'idle-stop': { type: 'string' },
        host: { type: 'string' },
        'inherit-env': { type: 'boolean' },
        config: { type: 'string' },
        server: { type: 'string' },
        flow: { type: 'string' },
        tour: { type: 'string' },
        followers: { type: 'string' },
        check: { type: 'boolean' },
        'dangerously-listen-beyond-loopback': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    stderr.write(`mcp-lens: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    stdout.write(USAGE);
    return 0;
  }
  if (values.version) {
    stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (values.check && values.tour === undefined) {
    stderr.write(`mcp-lens: --check checks a tour: give it with --tour <file>\n`);
    return 2;
  }
  // A trainer's tour is checked before anything starts: its problems, each with its line, and exit 2.
  let tourFile: string | undefined;
  let tourLine: string | undefined;
  if (values.tour !== undefined) {
    const { checkTourFile, checkOnly, tourSummary, tourServerText } = await import('./cli/tour.js');
    if (values.check) return checkOnly(values.tour);
    const checked = checkTourFile(values.tour);
    if (!checked.ok) {
      stderr.write(`${checked.error}\n`);
      return 2;
    }
    tourFile = path.resolve(values.tour);
    tourLine = `tour: ${values.tour}, ${tourSummary(checked.tour)}\n${tourServerText(checked.tour)}`;
  }
  const portText = values.port ?? process.env.PORT ?? '6280';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    stderr.write(`mcp-lens: --port must be an integer from 0 to 65535, got "${portText}"\n`);
    return 2;
  }
  const idleStopMs = values['idle-stop'] === undefined ? undefined : idleStopMinutes(values['idle-stop']);
  if (idleStopMs === null) {
    stderr.write(`mcp-lens: --idle-stop takes minutes (a number, 0 for never), got "${values['idle-stop']}"\n`);
    return 2;
  }
  const followers = values.followers === undefined ? undefined : parseFollowersAddress(values.followers);
  if (followers === undefined && values.followers !== undefined) {
    stderr.write(`mcp-lens: --followers takes HOST:PORT (0.0.0.0:6290 for every interface), got "${values.followers}"\n`);
    return 2;
  }
  const picked = await serverToServe(values, positionals);
  if ('error' in picked) {
    stderr.write(`mcp-lens: ${picked.error}\n`);
    return 2;
  }
  const { server, remote, notes, connectFlow } = picked;
  const defaultServer = values['inherit-env'] ? { ...server, inheritEnv: true } : server;

  // Loaded here, not at the top: `call` and `check` never serve, and the server's modules
  // (express, ws and the rest) cost each of their runs about a fifth of a second of CPU.
  const { createBridge } = await import('./createBridge.js');
  let running: RunningBridge;
  try {
    running = await createBridge({
      port,
      ...(values.host === undefined ? {} : { host: values.host }),
      dangerouslyListenBeyondLoopback: values['dangerously-listen-beyond-loopback'] ?? false,
      ...(process.env.MCP_LENS_TOKEN ? { token: process.env.MCP_LENS_TOKEN } : {}),
      ...(values.home === undefined ? {} : { home: values.home }),
      ...(idleStopMs === undefined ? {} : { idleStopMs }),
      staticDir: webDir(),
      defaultServer,
      ...(remote === undefined ? {} : { defaultRemote: remote }),
      ...(options.viewFile === undefined ? {} : { viewFile: options.viewFile }),
      ...(tourFile === undefined ? {} : { tourFile }),
      ...(followers === undefined ? {} : { followers }),
    }).listen();
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const reason = e.code === 'EADDRINUSE' ? `port ${port} is in use; pick another with --port` : e.message;
    stderr.write(`mcp-lens: ${reason}\n`);
    return 1;
  }

  // The page opens the held file when its address says `view` (web/src/features/journal/OpenSessionFile.tsx),
  // and the held tour on the Workshop tab when it says `tour` (web/src/features/tour/tourSource.ts).
  // The page connects to the default server at start when its address says `connect`
  // (web/src/features/connect/connectAtStart.ts).
  const url =
    `${running.url}${options.viewFile === undefined ? '' : '&view=1'}${tourFile === undefined ? '' : '&tour=1'}` +
    (connectFlow === undefined ? '' : `&connect=${connectFlow}`);
  stdout.write(`MCP Lens ${VERSION} is running at ${url}\n`);
  for (const note of notes) stdout.write(`note: ${note}\n`);
  if (options.viewFile !== undefined) stdout.write(`viewing: ${options.viewFile}\n`);
  if (tourLine !== undefined) stdout.write(tourLine);
  // Not the link itself: its token is shown where the trainer shows it, in presenter mode.
  if (running.followers !== undefined) {
    stdout.write(
      `followers: ${new URL(running.followers.url).origin}/ (read-only, for learners; the link and its QR code are in presenter mode)\n`,
    );
  }
  stdout.write(`journal: ${running.journalFile}\n`);
  if (!webDir()) stdout.write('note: the web app is not built; run `npm run build` (or use `npm start`)\n');

  const openBrowser = values.open && !values['no-open'] && canOpenBrowser();
  if (openBrowser) void openInBrowser(url);

  return new Promise<number>((resolve) => {
    let signals = 0;
    // First: stop each server in its steps. Second: SIGKILL them all now, and still wait for
    // their exits to reach the journal (exit 130). Third: leave at once.
    const shutdown = (signal: string): void => {
      signals++;
      if (signals === 1) {
        stdout.write(`\nmcp-lens: ${signal}, stopping servers...\n`);
        void running.close().then(() => resolve(signals > 1 ? 130 : 0));
        return;
      }
      running.killAllSync();
      if (signals === 2) {
        stdout.write(`mcp-lens: ${signal} again, killing every server now (once more to leave without recording their exits)\n`);
        return;
      }
      process.exit(130);
    };
    process.on('SIGINT', () => shutdown('SIGINT'));
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGHUP', () => shutdown('SIGHUP'));
    process.on('exit', () => running.killAllSync());
    if (options.stopWithParent) {
      const parent = process.ppid;
      const also = options.stopWith ?? [];
      // An orphan is adopted by another process: its parent id changes.
      const watch = setInterval(() => {
        if (process.ppid === parent && also.every(processAlive)) return;
        clearInterval(watch);
        shutdown('the process that started it ended');
      }, PARENT_CHECK_MS);
      watch.unref();
    }
  });
}

/**
 * The server the app starts with: the `--config` file's entry, the command after `--`, or the
 * demo server; and the flow to connect in at start, if any (`--flow`, auto with `--config`).
 * A remote entry is `remote`, with the demo server still the one MCP Lens would start.
 */
async function serverToServe(
  values: { config?: string; server?: string; flow?: string },
  positionals: string[],
): Promise<
  | { server: ServerConfigInput & { label?: string }; remote?: HttpServerConfig & { label: string }; notes: string[]; connectFlow?: string }
  | { error: string }
> {
  const flows = ['handshake', 'stateless', 'auto'];
  if (values.flow !== undefined && !flows.includes(values.flow))
    return { error: `--flow must be handshake, stateless or auto, got "${values.flow}"` };
  if (values.config === undefined) {
    if (values.server !== undefined) return { error: '--server names a server of a --config file: give the file too' };
    const [command, ...args] = positionals;
    const server = command === undefined ? demoServer() : { command, args };
    return { server, notes: [], ...(values.flow === undefined ? {} : { connectFlow: values.flow }) };
  }
  if (positionals.length > 0) return { error: 'give the server with --config and --server, or after --, not both' };
  const { appServerFromConfig } = await import('./cli/configFile.js');
  const { UsageError } = await import('./cli/args.js');
  try {
    const { server, notes } = appServerFromConfig(values.config, values.server);
    const connectFlow = values.flow ?? 'auto';
    if (server.transport === 'http') return { server: demoServer(), remote: server, notes, connectFlow };
    return { server, notes, connectFlow };
  } catch (error) {
    if (error instanceof UsageError) return { error: error.message };
    throw error;
  }
}

/** `--idle-stop` minutes as milliseconds; null when it is not a number of minutes. */
export function idleStopMinutes(text: string): number | null {
  const minutes = Number(text);
  if (text.trim() === '' || !Number.isFinite(minutes) || minutes < 0) return null;
  return Math.round(minutes * 60_000);
}

/** Whether process `pid` still exists (one this user may not signal exists too). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function canOpenBrowser(): boolean {
  if (process.env.CI) return false;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return false;
  return true;
}

async function openInBrowser(url: string): Promise<void> {
  try {
    const { default: open } = await import('open');
    const child = await open(url);
    child.on('error', () => undefined);
  } catch {
    // No browser here: the printed URL is enough.
  }
}

/**
 * A headless command that fails in a way it did not foresee still ends in one line and exit 3,
 * never a stack trace (MCP_LENS_DEBUG=1 prints the stack for a bug report).
 */
async function headless(command: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`mcp-lens ${command}: stopped by an unexpected error: ${message.split('\n')[0] ?? ''}\n`);
    if (process.env.MCP_LENS_DEBUG === '1' && error instanceof Error) stderr.write(`${error.stack ?? ''}\n`);
    return 3;
  }
}
