// An HTTP connection on the timeline: each HTTP step is a row of its own beside the JSON-RPC
// exchange it carried, which pairs as it does over stdio; failures read as errors.
import { describe, expect, it } from 'vitest';
import { TimelineIndex } from './timelineIndex.js';
import { EventScript } from './testing.js';

describe('TimelineIndex on an HTTP connection', () => {
  it('gives each HTTP step a row, pairs the request it carried, and marks what failed', () => {
    const s = new EventScript();
    const http = (event: Record<string, unknown>): EventScript => s.push({ conn: 'h', kind: 'http', ...event });
    s.push({ conn: 'h', kind: 'spawn', config: { transport: 'http', url: 'https://example.com/mcp', headers: {} } });
    http({ req: 'a1', phase: 'request', method: 'POST', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer [redacted]' } });
    s.request('h', 1, 'tools/list');
    http({ req: 'a1', phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' });
    http({ req: 'a1', phase: 'sse-event', id: 'e1', size: 40 });
    s.result('h', 1, { tools: [] });
    http({ req: 'a1', phase: 'end', how: 'complete', bytes: 60 });
    http({ req: 'a2', phase: 'request', method: 'GET', url: 'https://example.com/mcp', headers: {} });
    http({ req: 'a2', phase: 'response', status: 500, headers: {} });
    http({ req: 'a2', phase: 'error', code: 'redirect', message: 'HTTP 307 to https://elsewhere/: not followed' });
    s.push({ conn: 'h', kind: 'exit', code: null, signal: null, requested: true });

    const index = new TimelineIndex();
    for (const event of s.events) index.apply(event);
    const rows = index.window(0, 1000);
    expect(rows.map((r) => `${r.kind} ${r.direction} ${r.status}`)).toEqual([
      'process none none',
      'http out none',
      'request out ok',
      'http in none',
      'http in none',
      'http in none',
      'http out none',
      'http in error',
      'http in error',
      'process none none',
    ]);
    expect(rows.map((r) => r.summary)).toEqual([
      'open HTTP https://example.com/mcp',
      '[a1] POST https://example.com/mcp',
      expect.stringContaining('"tools/list"'),
      '[a1] HTTP 200 text/event-stream',
      '[a1] SSE event id e1 (message, 40 bytes)',
      '[a1] ended (60 bytes)',
      '[a2] GET https://example.com/mcp',
      '[a2] HTTP 500',
      '[a2] HTTP redirect: HTTP 307 to https://elsewhere/: not followed',
      'closed',
    ]);
  });
});
