/**
 * `--env` and `--pass-env`: what `call` gives a server beyond the safe list. A named variable is
 * handed on from the caller's environment as it is there; one that is not set stops the run
 * before the server starts, naming it, so no server runs without it (or with a stand-in).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { binJs, fixtureServer, repoRoot, type CliRun } from '../testing/runCli.js';

function lens(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [binJs, ...args], { env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

const report = ['call', '--flow', 'handshake', '--method', 'tools/call', '--tool-name', 'report'];

describe('mcp-lens call --env and --pass-env', () => {
  it('hands the server a value given with --env and one passed on from this environment', async () => {
    const run = await lens(
      [...report, '--env', 'GREETING=hello there', '--pass-env', 'API_KEY', '--', ...fixtureServer('env-report.mjs')],
      {
        API_KEY: 'sk-from-the-shell',
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const text = (JSON.parse(run.stdout) as { content: { text: string }[] }).content[0]?.text ?? '';
    expect(JSON.parse(text)).toMatchObject({ greeting: 'hello there', apiKey: 'sk-from-the-shell' });
  });

  it('without --pass-env the variable does not reach the server', async () => {
    const run = await lens([...report, '--', ...fixtureServer('env-report.mjs')], { API_KEY: 'sk-from-the-shell' });
    const text = (JSON.parse(run.stdout) as { content: { text: string }[] }).content[0]?.text ?? '';
    expect(JSON.parse(text)).toMatchObject({ apiKey: null });
  });

  it('stops with exit 2 naming the variable when it is not set, before any server starts', async () => {
    const run = await lens([...report, '--pass-env', 'API_KEY', '--transcript', '--', ...fixtureServer('env-report.mjs')], {});
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('the server needs API_KEY from this environment (--pass-env), and it is not set: export API_KEY=… first');
    expect(run.stderr).not.toContain('"method":"initialize"');
  });
});

describe('mcp-lens replay --pass-env', () => {
  it('runs the README example: the demo changed by MCP_LENS_DEMO_VARIANT in the caller’s shell fails the replay', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-pass-env-'));
    const file = path.join(dir, 's.mcplens.json');
    const demo = ['node', path.join(repoRoot, 'dist', 'node', 'demo', 'server.js')];
    const echo = ['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hi'];
    try {
      expect((await lens(['call', ...echo, '--record', file, '--', ...demo], {})).code).toBe(0);
      const changed = { MCP_LENS_DEMO_VARIANT: 'changed' };
      // Set in the shell alone, the variable never reaches the server: the replay matches.
      expect((await lens(['replay', file, '--', ...demo], changed)).code).toBe(0);
      const run = await lens(['replay', file, '--pass-env', 'MCP_LENS_DEMO_VARIANT', '--', ...demo], changed);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('$.result.content[0].text');
      expect(run.stdout).toContain('"Echoed: hi"');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
