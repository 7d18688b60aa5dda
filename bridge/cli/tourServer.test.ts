// A tour names the program its connections start, and a tour travels from trainer to learner:
// `mcp-lens tour check` and `mcp-lens --tour` say what would run (command, args, env names,
// working directory) before anything does, and never an env value.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bridgeBinJs } from '../testing/bridgeClient.js';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-tour-server-')));
const SECRET = 'sk-live-do-not-print';
const tourFile = path.join(dir, 'theirs.tour.json');
fs.writeFileSync(
  tourFile,
  JSON.stringify({
    format: 'mcp-lens-tour',
    version: 1,
    title: 'From someone else',
    server: { command: 'node', args: ['./server.js', '--port', '9\u001b[2Jx'], env: { API_KEY: SECRET, DEBUG: '1' } },
    connections: { s: { flow: 'handshake' } },
    steps: [{ title: 'list', connection: 's', send: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }],
  }),
);
const EXPECTED = [
  "server: a program of the tour's, started when a step first talks to it:",
  '  command: "node"',
  '  args: "./server.js" "--port" "9\\u001b[2Jx"',
  '  env: API_KEY, DEBUG (values not shown)',
  `  working directory: ${JSON.stringify(dir)}`,
].join('\n');

function env(): NodeJS.ProcessEnv {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-tour-server-home-'));
  const e: NodeJS.ProcessEnv = { ...process.env, MCP_LENS_HOME: home, CI: '1' };
  delete e.MCP_LENS_TOKEN;
  delete e.PORT;
  return e;
}

describe("a tour's server, told before it runs", () => {
  it('tour check prints the command, args, env names and working directory, and no env value', async () => {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [bridgeBinJs, 'tour', 'check', tourFile], { cwd: dir, env: env() }, (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    );
    expect(stdout).toBe(`${tourFile}: ok, "From someone else": 1 step, connections: s (handshake)\n${EXPECTED}\n`);
    expect(stdout).not.toContain(SECRET);
    expect(stdout).not.toContain('\u001b');
  });

  it('--tour prints them at start-up, with the address', async () => {
    const child = spawn(process.execPath, [bridgeBinJs, '--tour', tourFile, '--port', '0', '--no-open'], {
      cwd: dir,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('journal: ')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`mcp-lens exited (${code}): ${out}`)));
      });
      expect(out).toContain(`tour: ${tourFile}, "From someone else": 1 step, connections: s (handshake)\n${EXPECTED}\n`);
      expect(out).not.toContain(SECRET);
    } finally {
      child.kill('SIGINT');
      await exited;
    }
  });
});
