/**
 * What the CLI does with input that used to end it in a stack trace: a result nested thousands
 * deep, arguments nested 20,000 deep, a --record it cannot write, 1 MB of random bytes. Each gets
 * one line saying why and the documented exit code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureServer as fixture, repoRoot, runLens as lens, STACK_TRACE, type CliRun } from '../testing/runCli.js';

const demo = ['node', path.join(repoRoot, 'dist', 'node', 'demo', 'server.js')];
const deepArgs = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

function noStackTrace(run: CliRun): void {
  expect(run.stderr).not.toMatch(STACK_TRACE);
  expect(run.stderr).not.toMatch(/RangeError|TypeError|ENOENT|EISDIR/);
}

const reasons = (run: CliRun, command: string): string[] => run.stderr.split('\n').filter((l) => l.startsWith(`mcp-lens ${command}:`));

describe.concurrent('hostile input to the CLI', () => {
  it('a result nested 6,000 deep: exit 1, the line as the server wrote it on stdout, one reason, and the record is written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-deep-'));
    const record = path.join(dir, 'deep.json');
    const run = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'deep',
      '--record',
      record,
      '--',
      ...fixture('deep.mjs', '--call-only'),
    ]);
    noStackTrace(run);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('"structuredContent":{"d":{"d":');
    expect(reasons(run, 'call')).toEqual([
      'mcp-lens call: the answer to tools/call is not a valid JSON-RPC response: the message nests deeper than 512 levels, and is not read',
    ]);
    const file = JSON.parse(fs.readFileSync(record, 'utf8')) as { events: { kind: string; text?: string }[] };
    expect(file.events.some((e) => e.kind === 'line' && e.text?.includes('{"d":'.repeat(6000)))).toBe(true);
  });

  it('--tool-args-json nested 20,000 deep is bad usage (2), said in one line', async () => {
    const run = await lens(['call', '--method', 'tools/call', '--tool-name', 'echo', '--tool-args-json', deepArgs, '--', ...demo]);
    noStackTrace(run);
    expect(run.code).toBe(2);
    expect(reasons(run, 'call')).toEqual(['mcp-lens call: --tool-args-json nests deeper than 512 levels']);
  });

  it('a --tool-arg object nested 20,000 deep is refused with the argument named', async () => {
    const run = await lens([
      'call',
      '--flow',
      'stateless',
      '--method',
      'tools/call',
      '--tool-name',
      'create_order',
      '--tool-arg',
      `customer=${deepArgs}`,
      '--',
      ...demo,
    ]);
    noStackTrace(run);
    expect(run.code).toBe(2);
    expect(reasons(run, 'call')[0]).toMatch(/customer.*nests deeper than 512 levels/);
  });

  it('--record into a missing folder, or onto a folder, is bad usage found before any server starts', async () => {
    const missing = await lens([
      'call',
      '--method',
      'tools/list',
      '--transcript',
      '--record',
      '/nonexistent-lens/dir/x.json',
      '--',
      ...demo,
    ]);
    noStackTrace(missing);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'mcp-lens call: --record /nonexistent-lens/dir/x.json: the folder /nonexistent-lens/dir does not exist',
    );
    expect(missing.stderr).not.toContain('● spawn');
    const folder = await lens(['check', '--record', os.tmpdir(), '--', ...demo]);
    noStackTrace(folder);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`mcp-lens check: --record ${os.tmpdir()} is a folder; give a file name inside it`);
  });

  it('1 MB of random bytes: the lint findings are summarised past 20 of a rule, then one reason', async () => {
    const noise = "process.stdout.write(require('node:crypto').randomBytes(1 << 20), () => process.exit(0))";
    const run = await lens(['call', '--flow', 'handshake', '--method', 'tools/list', '--', 'node', '-e', noise]);
    noStackTrace(run);
    expect(run.code).toBe(3);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.length).toBeLessThan(60);
    expect(lines.filter((l) => l.includes('stdout-non-json  #'))).toHaveLength(20);
    expect(run.stderr).toMatch(/… and \d+ more stdout-non-json \(\d+ in all\)/);
    expect(reasons(run, 'call')).toHaveLength(1);
  });
});
