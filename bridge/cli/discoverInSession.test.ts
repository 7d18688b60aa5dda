// `call --method server/discover` in a handshake session: a request of that session, linted by
// its revision (2025-11-25 has no such method), not as the 2026-07-28 era probe.
import { describe, expect, it } from 'vitest';
import { fixtureServer, runLens } from '../testing/runCli.js';

describe('mcp-lens call --method server/discover after initialize', () => {
  it('lints nothing by 2026-07-28 rules and says 2025-11-25 has no such method', async () => {
    const run = await runLens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'server/discover',
      '--',
      ...fixtureServer('result-and-error.mjs'),
    ]);
    expect(run.stderr).not.toContain('2026-07-28 schema');
    expect(run.stderr).not.toContain('lint:');
    expect(run.stderr).toContain(
      'server/discover failed: -32601 Method not found: Method not found (server/discover is not a method of 2025-11-25',
    );
    expect(run.code).toBe(1);
  });
});
