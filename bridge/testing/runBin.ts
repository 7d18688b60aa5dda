/**
 * The real `mcp-lens` bin as a child process on a free port with a home of its own, for tests
 * that must see the process itself: how it stops, whether it survives, what it prints.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VERSION } from '../version.js';
import { bridgeBinJs, repoRoot } from './bridgeClient.js';

export interface RunningBin {
  proc: ChildProcessWithoutNullStreams;
  port: number;
  token: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  home: string;
}

/** The bin, or `npm start` as the README says (npm, its shell, then the bridge in start.mjs). */
export async function startBin(via: 'bin' | 'npm' = 'bin', args: readonly string[] = []): Promise<RunningBin> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-bin-'));
  const env: NodeJS.ProcessEnv = { ...process.env, MCP_LENS_HOME: home, CI: '1' };
  delete env.MCP_LENS_TOKEN;
  delete env.PORT;
  const proc =
    via === 'bin'
      ? spawn(process.execPath, [bridgeBinJs, '--port', '0', '--no-open', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn('npm', ['start', '--silent', '--', '--port', '0', '--no-open', ...args], {
          env,
          cwd: repoRoot,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
  let out = '';
  let err = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const pattern = new RegExp(
    `MCP Lens ${VERSION.replaceAll('.', '\\.')} is running at http://127\\.0\\.0\\.1:(\\d+)/#token=([A-Za-z0-9_-]+)`,
  );
  // Waits for the line (or an early exit) as it comes, with room for a loaded machine.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 60_000);
    const check = (): void => {
      if (pattern.test(out) || proc.exitCode !== null) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout.on('data', check);
    proc.on('exit', check);
  });
  const match = pattern.exec(out);
  if (!match) {
    proc.kill('SIGKILL');
    throw new Error(`the bin did not start:\nstdout: ${out}\nstderr: ${err}`);
  }
  return { proc, port: Number(match[1]), token: match[2] ?? '', stdout: () => out, stderr: () => err, exited, home };
}
