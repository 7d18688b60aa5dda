// A trainer's tour from the command line: checked before anything starts (the problem's line on
// stderr, exit 2), served at GET /api/tour behind the token, and the example tour of the docs
// played to its end against the real demo server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { describe, expect, it } from 'vitest';
import { createPlayer, update, type PlayerAction, type PlayerEffect, type PlayerState } from '../../protocol/tour/player.js';
import { readTour } from '../../protocol/tour/parse.js';
import { tourFigures } from '../../protocol/tour/figures.js';
import { bridgeBinJs, demoServerJs, repoRoot } from '../testing/bridgeClient.js';
import { runLens, STACK_TRACE } from '../testing/runCli.js';
import { checkTourFile } from './tour.js';

const example = path.join(repoRoot, 'docs', 'tours', 'first-call.tour.yaml');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-tour-test-'));
const write = (name: string, text: string): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
const BAD = `format: mcp-lens-tour
version: 1
title: Broken
connections:
  demo: { flow: handshake }
steps:
  - title: one
    wait: { methd: x }
`;

describe('checkTourFile', () => {
  it('accepts the example tour of the docs and refuses what the app could not play', () => {
    expect(checkTourFile(example)).toMatchObject({ ok: true, tour: { title: 'A first tool call' } });
    expect(checkTourFile(path.join(dir, 'missing.yaml'))).toEqual({ ok: false, error: `${path.join(dir, 'missing.yaml')}: no such file` });
    expect(checkTourFile(dir)).toEqual({ ok: false, error: `${dir}: is a folder, not a file` });
    const bad = write('bad.yaml', BAD);
    expect(checkTourFile(bad)).toMatchObject({
      ok: false,
      error: expect.stringContaining(`${bad} line 8, column 13: steps[0].wait.methd`) as unknown,
    });
  });
});

describe('mcp-lens --tour and mcp-lens tour check', () => {
  it('refuses a malformed tour before starting, naming the line (exit 2)', async () => {
    const bad = write('bad.tour.yaml', BAD);
    const run = await runLens(['--tour', bad, '--port', '0', '--no-open']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      [
        `${bad} line 8, column 5: steps[0].wait.method: is missing`,
        `${bad} line 8, column 13: steps[0].wait.methd: unknown field "methd" (did you mean "method"?)`,
        '',
      ].join('\n'),
    );
    const json = write('bad.json', '{\n  "format": "mcp-lens-tour",\n  "version": 1\n  "title": "x"\n}');
    const refused = await runLens(['tour', 'check', json]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(`${json} line 4, column 3: '"' where ',' or '}' should be\n`);
    expect(refused.stderr).not.toMatch(STACK_TRACE);
  });

  it('checks a good tour without serving it', async () => {
    const run = await runLens(['tour', 'check', example]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(
      `${example}: ok, "A first tool call": 6 steps, connections: demo (handshake)\nserver: the built-in demo server\n`,
    );
    expect(await runLens(['--tour', example, '--check'])).toMatchObject({ code: 0, stdout: run.stdout });
    expect(await runLens(['--check'])).toMatchObject({ code: 2, stderr: 'mcp-lens: --check checks a tour: give it with --tour <file>\n' });
    expect(await runLens(['tour', 'check'])).toMatchObject({ code: 2 });
    expect((await runLens(['tour', '--help'])).stdout).toContain('Usage: mcp-lens tour check <file>');
  });

  it('serves a good tour at GET /api/tour, with the token only, and says tour=1 in the address', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-tour-home-'));
    const env: NodeJS.ProcessEnv = { ...process.env, MCP_LENS_HOME: home, CI: '1' };
    delete env.MCP_LENS_TOKEN;
    delete env.PORT;
    const child = spawn(process.execPath, [bridgeBinJs, '--tour', example, '--port', '0', '--no-open'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=([\w-]+)&tour=1)\n/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
        child.on('exit', (code) => reject(new Error(`mcp-lens exited (${code}): ${out}`)));
      });
      await new Promise<void>((resolve) =>
        out.includes('tour: ') ? resolve() : child.stdout.on('data', () => out.includes('tour: ') && resolve()),
      );
      expect(out).toContain(
        `tour: ${example}, "A first tool call": 6 steps, connections: demo (handshake)\nserver: the built-in demo server\n`,
      );
      const token = /#token=([\w-]+)/.exec(url)?.[1] ?? '';
      const response = await fetch(new URL('/api/tour', url), { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-file-name')).toBe('first-call.tour.yaml');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe(fs.readFileSync(example, 'utf8'));
      expect((await fetch(new URL('/api/tour', url))).status).toBe(401);
    } finally {
      child.kill('SIGINT');
      await exited;
    }
  });
});

describe('the example tour of the docs', () => {
  it('plays to its end against the demo server, every check passing', async () => {
    const read = readTour(fs.readFileSync(example, 'utf8'), 'first-call.tour.yaml');
    if (!read.ok) throw new Error(read.error);
    const server = spawn(process.execPath, [demoServerJs], { stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
    let state: PlayerState = createPlayer(read.tour);
    let changed: () => void = () => undefined;
    const perform = (effects: PlayerEffect[]): void => {
      for (const effect of effects) if (effect.kind === 'send') server.stdin.write(`${effect.line}\n`);
    };
    const act = (action: PlayerAction): void => {
      const next = update(state, { ...action, at: Date.now() });
      state = next.state;
      perform(next.effects);
      changed();
    };
    readline.createInterface({ input: server.stdout }).on('line', (text) => act({ type: 'received', connection: 'demo', text }));
    /** Waits, on the player's own changes, until no step is in flight. */
    const settled = (): Promise<void> =>
      new Promise((resolve) => {
        changed = () => {
          if (!state.steps.some((s) => s.status === 'waiting' || s.status === 'queued')) resolve();
        };
        changed();
      });
    try {
      act({ type: 'runTo', index: read.tour.steps.length - 1 });
      await settled();
      // Run to here sends the steps before the last; next on the last (words and figures) shows it read.
      expect(state.index).toBe(read.tour.steps.length - 1);
      act({ type: 'next' });
      expect(state.steps.map((s) => [s.status, s.reason])).toEqual(read.tour.steps.map(() => ['done', undefined]));
      expect(state.steps.flatMap((s) => s.checks ?? []).map((c) => [c.ok, c.detail])).toEqual([
        [true, '$.result.protocolVersion is "2025-11-25"'],
        [true, '$.result.content[0].text is "Echo: Hello from the tour"'],
      ]);
      const [figures] = tourFigures(state);
      expect(figures?.figures).toMatchObject({ roundTrips: 3 });
      expect(figures?.figures.messages).toBeGreaterThanOrEqual(7);
    } finally {
      server.stdin.end();
      await exited;
    }
  });
});
