// `mcp-lens call` against a server whose answer holds bytes that are not UTF-8: the answer is
// matched to its request by its id and reported at once (exit 1, where and what), not waited on.
import { describe, expect, it } from 'vitest';
import { fixtureServer, runLens } from '../testing/runCli.js';

describe('mcp-lens call: an answer that is not UTF-8', () => {
  it('exits 1 naming the bad byte and showing the line as it came, long before the timeout', async () => {
    const run = await runLens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'latin1',
      // Waiting it out would end in "no answer ... within 30000 ms" instead.
      '--timeout',
      '30000',
      '--',
      ...fixtureServer('invalid-utf8-answer.mjs'),
    ]);
    // id 2: initialize is 0, tools/list (finding the tool) 1.
    const line = '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"caf\\xe9"}]}}';
    expect(run.stderr).toContain(`not a valid JSON-RPC response: the answer holds invalid UTF-8 at byte ${line.indexOf('\\xe9')}: ${line}`);
    expect(run.stderr).not.toContain('no answer');
    expect(run.code).toBe(1);
  });
});
