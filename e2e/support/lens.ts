/**
 * Starts MCP Lens the way users do (`npm start -- ...`) on a free port with its own journal
 * home, and stops it with Ctrl-C (SIGINT to its process group), as a user would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixture = (name: string): string => path.join(root, 'e2e', 'fixtures', name);

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
}

async function waitForPortClosed(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the bridge on port ${port} still answers ${timeoutMs} ms after Ctrl-C`);
}

export async function startLens(options: LensOptions = {}): Promise<Lens> {
  const home = options.home ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-e2e-'));
  const args = [
    'start',
    '--',
    '--port',
    String(options.port ?? 0),
    '--no-open',
    ...(options.bridgeArgs ?? []),
    ...(options.serverArgs ? ['--', ...options.serverArgs] : []),
  ];
  const proc = spawn('npm', args, {
    cwd: root,
    env: { ...process.env, MCP_LENS_HOME: home, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL within 90 s:\n${out}`)), 90_000);
    const check = (): void => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    proc.stdout?.on('data', check);
    proc.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
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
      if (proc.exitCode === null && proc.pid) {
        try {
          process.kill(-proc.pid, 'SIGINT');
        } catch {
          // already gone
        }
      }
      const code = await exited;
      // npm returns at once on Ctrl-C; the bridge goes on stopping its servers. Wait for it.
      await waitForPortClosed(Number(parsed.port));
      return code;
    },
  };
}
