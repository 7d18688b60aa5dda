/**
 * The compiled HTTP demo server (dist/node/demo/httpServer.js) as a child process on a free
 * port, for tests: resolves with its URL once it printed `listening on …`, which is waited
 * for as it comes, never on time.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export const httpDemoJs = path.resolve(import.meta.dirname, '..', '..', 'dist', 'node', 'demo', 'httpServer.js');

export interface HttpDemo {
  url: string;
  stderr: () => string;
  close: () => Promise<void>;
}

export async function startHttpDemo(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<HttpDemo> {
  const child = spawn(process.execPath, [httpDemoJs, '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the HTTP demo server exited before listening:\n${stderr}`)));
  });
  return {
    url,
    stderr: () => stderr,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
