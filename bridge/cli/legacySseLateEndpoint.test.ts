/**
 * An older server (2024-11-05 HTTP+SSE) that sends a message before its `endpoint` event. The
 * spec has the endpoint event sent when the client connects, so it comes first; one that comes
 * later still names where messages go, so the connection is made and lint says what was out of order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLegacySseHostile, type LegacySseHostile } from '../../e2e/fixtures/legacy-sse-hostile.mjs';
import { runLens, STACK_TRACE } from '../testing/runCli.js';

describe('mcp-lens call against an endpoint event that is not the first', () => {
  let hostile: LegacySseHostile;
  beforeAll(async () => {
    hostile = await startLegacySseHostile();
  });
  afterAll(async () => {
    await hostile?.close();
  });

  it('connects, answers, and reports a finding that the endpoint came after another event', async () => {
    const run = await runLens(['call', '--url', `${hostile.url}/late-endpoint`, '--method', 'tools/list']);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ tools: [] });
    expect(run.stderr).toMatch(/^lint: 1 finding\(s\)$/m);
    expect(run.stderr).toMatch(
      /warning http-sse-endpoint-late {2}#\d+ {2}The endpoint event came after 1 other event on the HTTP\+SSE stream/,
    );
  });
});
