// A mistyped subcommand is named as unknown (exit 2) with the nearest one suggested: it neither
// prints the general help as if asked (exit 0) nor starts the app with a stray word.
import { describe, expect, it } from 'vitest';
import { runLens } from '../testing/runCli.js';

describe('mcp-lens <unknown subcommand>', () => {
  it('says the word is not a subcommand, lists the subcommands, and exits 2 (even with --help)', async () => {
    const run = await runLens(['tpa', '--help']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('mcp-lens: "tpa" is not a subcommand: did you mean "tap"?');
    expect(run.stderr).toContain('call, check, view, replay, mock, tap, tour, conformance-client');
  });

  it('names it without a suggestion when nothing is near, and still exits 2 before serving', async () => {
    const run = await runLens(['frobnicate', '--port', '0', '--no-open']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('mcp-lens: "frobnicate" is not a subcommand');
    expect(run.stderr).not.toContain('did you mean');
    expect(run.stderr).toContain('mcp-lens --help');
  });

  it('suggests the nearest subcommand for a slip of the fingers (replya, chekc, tuor)', async () => {
    const runs = await Promise.all([runLens(['replya']), runLens(['chekc', '--', 'node', 'x.js']), runLens(['tuor', 'check', 'x'])]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(runs[0]?.stderr).toContain('did you mean "replay"?');
    expect(runs[1]?.stderr).toContain('did you mean "check"?');
    expect(runs[2]?.stderr).toContain('did you mean "tour"?');
  });

  it('still starts a server named without -- when it is a program on the PATH', async () => {
    // `mcp-lens node server.js` has always meant the server to connect to: a bad --port stops it
    // right after the words are read, so nothing is served.
    const run = await runLens(['node', 'server.js', '--port', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--port must be an integer');
  });
});
