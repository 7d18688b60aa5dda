// `mcp-lens call` against a server that answers with both result and error: the answer is
// reported as invalid at once (exit 1, with why), not waited on until the timeout.
import { describe, expect, it } from 'vitest';
import { fixtureServer, runLens, type CliRun } from '../testing/runCli.js';

const server = fixtureServer('result-and-error.mjs');
const call = (args: string[]): Promise<CliRun> => runLens(['call', ...args]);

describe('mcp-lens call: an invalid answer', () => {
  it('exits 1 with what came and why it is invalid', async () => {
    const run = await call([
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'ambiguous',
      '--timeout',
      '20000',
      '--',
      ...server,
    ]);
    expect(run.stderr).toContain('not a valid JSON-RPC response: a response cannot carry both result and error');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { message: 'it went both ways' },
      result: { content: [{ text: 'a result as well' }] },
    });
  });
});
