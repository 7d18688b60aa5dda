/**
 * Runs the built `mcp-lens` command as a user would (`node dist/node/bridge/bin.js ...`), for
 * the CLI's tests. MCP_LENS_TOKEN is emptied so a token set in the caller's shell never leaks
 * into a run.
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const binJs = path.join(repoRoot, 'dist', 'node', 'bridge', 'bin.js');

/** A fixture server of e2e/fixtures as a command line. */
export const fixtureServer = (name: string, ...args: string[]): string[] => ['node', path.join(repoRoot, 'e2e', 'fixtures', name), ...args];

/**
 * For tests that assert the order of the probe, its answer and initialize: under a loaded machine a
 * server can take longer than the default 3 s to start, and auto then sends initialize too (that path
 * has tests of its own), so these wait on the answer instead.
 */
export const PATIENT_PROBE = ['--probe-timeout', '120000'];

/** A line of a Node stack trace ("    at fn (file:1:2)"): what no input may make the bin or the CLI print. */
export const STACK_TRACE = /\n\s+at .+:\d+:\d+\)?(\n|$)/;

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Resolves with the exit code (1 when killed by a signal) and everything printed. */
export function runLens(args: string[], maxBuffer = 64 * 1024 * 1024): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [binJs, ...args], { maxBuffer, env: { ...process.env, MCP_LENS_TOKEN: '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

export interface BrowserRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The command printed an authorization URL, and the browser was sent there. */
  visited: boolean;
}

/**
 * Runs the CLI under `home` with --no-browser's contract: when it prints the URL to authorize,
 * `browser` plays the user's visit (it follows the authorization server back to the CLI's callback).
 */
export function runWithBrowser(args: string[], home: string, browser: (url: string) => Promise<unknown>): Promise<BrowserRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [binJs, ...args], { env: { ...process.env, MCP_LENS_TOKEN: '', MCP_LENS_HOME: home } });
    let stdout = '';
    let stderr = '';
    let visited = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const match = /Open this URL to authorize: (\S+)/.exec(stderr);
      if (match && !visited) {
        visited = true;
        browser(match[1] ?? '').catch((error: unknown) => (stderr += `\n[the test's browser: ${String(error)}]\n`));
      }
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr, visited }));
  });
}
