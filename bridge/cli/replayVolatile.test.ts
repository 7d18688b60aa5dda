/**
 * A fresh record-and-replay of the demo's `info://server-info` as a user runs it: the answer is
 * JSON text whose pid and start time change on every start. By default those are set aside and
 * the replay passes; with --strict the difference is shown where it is (the path into the text)
 * with both values, not two identical 200-character prefixes of the text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runLens } from '../testing/runCli.js';

const demo = ['node', path.join(repoRoot, 'dist', 'node', 'demo', 'server.js')];
let dir = '';
let file = '';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-replay-volatile-'));
  file = path.join(dir, 'info.mcplens.json');
  const recorded = await runLens(['call', '--method', 'resources/read', '--uri', 'info://server-info', '--record', file, '--', ...demo]);
  expect(recorded.code).toBe(0);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('replaying an answer whose JSON text holds a pid and a start time', () => {
  it('passes by default: a process id and a time are set aside inside JSON text too', async () => {
    const run = await runLens(['replay', file, '--', ...demo]);
    expect(run.stdout).toContain('ok       #1 resources/read info://server-info');
    expect(run.code).toBe(0);
  });

  it('with --strict, names the path into the text and shows both values', async () => {
    const run = await runLens(['replay', file, '--strict', '--', ...demo]);
    expect(run.code).toBe(1);
    const pid = /\$\.result\.contents\[0\]\.text\.pid\n\s+recorded: (\d+)\n\s+got:\s+(\d+)/.exec(run.stdout);
    expect(pid, run.stdout).not.toBeNull();
    expect(pid?.[1]).not.toBe(pid?.[2]);
    expect(run.stdout).toMatch(/\$\.result\.contents\[0\]\.text\.startedAt\n\s+recorded: "20\d\d-/);
  });

  it('an --ignore path reaches inside the text, and a part set aside no longer counts', async () => {
    const run = await runLens(['replay', file, '--strict', '--ignore', '$..pid', '--ignore', '$..startedAt', '--', ...demo]);
    expect(run.stdout).toContain('ok       #1 resources/read info://server-info');
    expect(run.code).toBe(0);
  });
});
