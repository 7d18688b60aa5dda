/**
 * Finding the C relay from the sources (no prebuilt one beside them): the tap builds it into the
 * home once, keeps it, and falls back to Node, saying why, where it cannot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseRelay } from './nativeRelay.js';

const homes: string[] = [];
const saved = { CC: process.env.CC, MCP_LENS_TAP_RELAY: process.env.MCP_LENS_TAP_RELAY };
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  for (const home of homes.splice(0)) fs.rmSync(home, { recursive: true, force: true });
});
const newHome = (): string => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-relay-'));
  homes.push(home);
  return home;
};
const hasCc = spawnSync('cc', ['--version']).status === 0;

describe('choosing the tap’s relay', () => {
  it.runIf(hasCc && process.platform !== 'win32')('builds the C relay into the home once, and it relays', () => {
    const home = newHome();
    const first = chooseRelay(home);
    expect(first.kind).toBe('native');
    if (first.kind !== 'native') return;
    expect(path.dirname(first.file)).toBe(path.join(home, 'bin'));
    const built = fs.statSync(first.file).mtimeMs;
    const second = chooseRelay(home);
    expect(second).toEqual(first);
    expect(fs.statSync(first.file).mtimeMs).toBe(built);
    const run = spawnSync(first.file, ['3', 'cat'], { input: 'through the relay\n', stdio: ['pipe', 'pipe', 'pipe', 'ignore'] });
    expect(run.stdout.toString()).toBe('through the relay\n');
    expect(run.status).toBe(0);
  });

  it('a compiler that fails leaves the Node relay, with the reason', () => {
    process.env.CC = 'false';
    const choice = chooseRelay(newHome());
    expect(choice).toEqual({ kind: 'node', why: expect.stringMatching(/^the C relay could not be built \(false: /) });
  });

  it('MCP_LENS_TAP_RELAY=node asks for the Node relay', () => {
    process.env.MCP_LENS_TAP_RELAY = 'node';
    expect(chooseRelay(newHome())).toEqual({ kind: 'node', why: 'MCP_LENS_TAP_RELAY=node asks for it' });
  });
});
