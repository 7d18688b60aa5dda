/**
 * Starts MCP Lens on a free port with its own journal home, and stops it with Ctrl-C (SIGINT to
 * its process group), as a user would. By default it runs the built bin (`node
 * dist/node/bridge/bin.js`, what `npx mcp-lens` runs; the global setup built it once); with
 * `npmStart` it goes through `npm start -- ...` exactly as the README says.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixture = (name: string): string => path.join(root, 'e2e', 'fixtures', name);
export const binJs = path.join(root, 'dist', 'node', 'bridge', 'bin.js');

export interface Lens {
  url: string;
  origin: string;
  port: number;
  token: string;
  home: string;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

export interface LensOptions {
  home?: string;
  serverArgs?: string[];
  env?: Record<string, string>;
  /** Default 0: a free port. */
  port?: number;
  /** More options for `mcp-lens` itself (`--idle-stop 0.05`, say). */
  bridgeArgs?: string[];
  /** Through `npm start -- ...` (npm, then scripts/start.mjs's build check) instead of the bin. */
  npmStart?: boolean;
}

/** How long a loaded machine may take to start the bridge or to stop it with its servers. */
const ROOM_MS = 90_000;

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Resolves once no process of the group is left: the bridge stops its servers before it exits,
 * and npm returns at once on Ctrl-C while the bridge under it is still stopping.
 */
async function groupGone(pgid: number): Promise<void> {
  const deadline = Date.now() + ROOM_MS;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) throw new Error(`the bridge (process group ${pgid}) is still running ${ROOM_MS} ms after Ctrl-C`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startLens(options: LensOptions = {}): Promise<Lens> {
  const home = options.home ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-e2e-'));
  const lensArgs = [
    '--port',
    String(options.port ?? 0),
    '--no-open',
    ...(options.bridgeArgs ?? []),
    ...(options.serverArgs ? ['--', ...options.serverArgs] : []),
  ];
  const [command, args] = options.npmStart ? ['npm', ['start', '--', ...lensArgs]] : [process.execPath, [binJs, ...lensArgs]];
  const proc = spawn(command, args, {
    cwd: root,
    env: { ...process.env, MCP_LENS_HOME: home, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const what = options.npmStart ? 'npm start' : 'mcp-lens';
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} printed no URL within ${ROOM_MS} ms:\n${out}`)), ROOM_MS);
    const check = (): void => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    proc.stdout?.on('data', check);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${out}`));
    });
  });
  const parsed = new URL(url);
  const token = parsed.hash.replace('#token=', '');
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token,
    home,
    proc,
    output: () => out,
    stop: async () => {
      const pgid = proc.pid;
      if (pgid === undefined) return exited;
      try {
        process.kill(-pgid, 'SIGINT');
      } catch {
        // already gone
      }
      const code = await exited;
      await groupGone(pgid);
      return code;
    },
  };
}
