// call against a server whose ids go past 2^53: its pings are answered with their exact ids.
import { describe, expect, it } from 'vitest';
import { fixtureServer, runLens } from '../testing/runCli.js';

describe('a server pinging with ids past 2^53 during tools/call', () => {
  it('gets each ping answered with its own digits, and the call completes', async () => {
    const run = await runLens([
      'call',
      '--flow',
      'handshake',
      '--timeout',
      '20000',
      '--method',
      'tools/call',
      '--tool-name',
      'x',
      '--',
      ...fixtureServer('big-ids.mjs'),
    ]);
    expect(run.stdout).toContain('both pings answered with their exact ids');
    expect(run.code).toBe(0);
  }, 60_000);
});
