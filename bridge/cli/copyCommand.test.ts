/**
 * The app's "copy as CLI" line, read back the way a user runs it: through /bin/sh, then through
 * `mcp-lens call`'s own argument parser. A stand-in `mcp-lens` on the PATH prints the words the
 * shell gave it, so a quoting mistake shows up as a wrong word (or as a command run).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand, type CliSource } from '../../web/src/features/timeline/cliCommand.js';
import { planCall } from './call.js';

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-lens copy 'cli' "));
  const stub = path.join(dir, 'mcp-lens');
  // The words, NUL-separated, then the directory and one env value it ran with.
  fs.writeFileSync(stub, `#!/bin/sh\nprintf '%s\\0' "$@"\nprintf '%s\\0' "$PWD" "\${API_KEY-unset}"\n`, { mode: 0o755 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the line in a POSIX shell; returns the argv after `mcp-lens`, and where and with what it ran. */
function runInShell(line: string, env: Record<string, string> = {}): { argv: string[]; cwd: string; apiKey: string } {
  const out = execFileSync('/bin/sh', ['-c', line], { env: { PATH: `${dir}:/usr/bin:/bin`, ...env }, encoding: 'utf8' });
  const words = out.split('\0').slice(0, -1);
  const apiKey = words.pop() ?? '';
  const cwd = words.pop() ?? '';
  return { argv: words, cwd, apiKey };
}

const HOSTILE = `$(touch pwned) \`id\` ; rm -rf / # 'quoted' "double" \\ \n newline é 🙂 *`;

function built(source: CliSource): { line: string; argv: string[] } {
  const result = cliCommand(source);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('copy as CLI, run by a shell and read by mcp-lens call', () => {
  it('gives back the tool, its exact arguments, the flow and the server', () => {
    const args = { text: HOSTILE, n: 3, nested: { list: [1, 'two', null], empty: '' } };
    const { line, argv } = built({
      request: {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: `ec'ho ${HOSTILE}`, arguments: args, _meta: { progressToken: 7 } },
      },
      config: { command: 'node', args: ['/srv/my server.js', '--flag=$HOME', HOSTILE] },
      flow: 'handshake',
      protocolVersion: '2025-11-25',
    });
    const shell = runInShell(line);
    expect(shell.argv).toEqual(argv.slice(1));
    expect(fs.existsSync(path.join(process.cwd(), 'pwned'))).toBe(false);
    const plan = planCall(shell.argv.slice(1));
    expect(plan.method).toBe('tools/call');
    expect(plan.flow).toBe('handshake');
    expect(plan.protocolVersion).toBe('2025-11-25');
    expect(plan.params).toEqual({ name: `ec'ho ${HOSTILE}`, arguments: args });
    expect(plan.server).toEqual({ command: 'node', args: ['/srv/my server.js', '--flag=$HOME', HOSTILE], env: {} });
  });

  it('gives back a resource URI, prompt arguments and other methods’ params', () => {
    const config = { command: 'srv', args: [] };
    const read = planCall(
      runInShell(built({ request: { id: 1, method: 'resources/read', params: { uri: `x://${HOSTILE}` } }, config }).line).argv.slice(1),
    );
    expect(read.params).toEqual({ uri: `x://${HOSTILE}` });

    const prompt = planCall(
      runInShell(
        built({ request: { id: 1, method: 'prompts/get', params: { name: 'greet', arguments: { who: HOSTILE, eq: 'a=b' } } }, config })
          .line,
      ).argv.slice(1),
    );
    expect(prompt.params).toEqual({ name: 'greet', arguments: { who: HOSTILE, eq: 'a=b' } });

    const list = planCall(
      runInShell(built({ request: { id: 1, method: 'tools/list', params: { cursor: HOSTILE } }, config }).line).argv.slice(1),
    );
    expect(list.params).toEqual({ cursor: HOSTILE });
  });

  it('starts in the server’s directory and hands env keys on by name from the user’s shell', () => {
    const { line } = built({
      request: { id: 1, method: 'ping' },
      config: { command: 'srv', args: ['--token', '[redacted]'], env: { API_KEY: '[redacted]' }, cwd: dir },
    });
    const shell = runInShell(line, { API_KEY: 'from the shell', TOKEN: 'tok' });
    expect(shell.cwd).toBe(dir);
    const plan = planCall(shell.argv.slice(1), { API_KEY: 'from the shell' });
    expect(plan.method).toBe('ping');
    expect(plan.server).toMatchObject({ command: 'srv', args: ['--token', 'tok'], env: { API_KEY: 'from the shell' } });
    // Without the masked argument's variable, the shell stops before anything runs, naming it.
    expect(() => execFileSync('/bin/sh', ['-c', line], { env: { PATH: `${dir}:/usr/bin:/bin` }, stdio: 'pipe' })).toThrow(/TOKEN/);
  });
});
