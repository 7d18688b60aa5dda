// The older HTTP+SSE transport's own exchange on the timeline: the page a server answers a
// refused POST with, and the endpoint event's URL, are HTTP's words, not broken messages.
import { describe, expect, it } from 'vitest';
import { TimelineIndex } from './timelineIndex.js';
import { EventScript } from './testing.js';

describe('TimelineIndex on an HTTP+SSE (2024-11-05) connection', () => {
  it('keeps the refused POST body and the endpoint URL inside their HTTP rows, none of them invalid', () => {
    const s = new EventScript();
    const http = (event: Record<string, unknown>): EventScript => s.push({ conn: 'h', kind: 'http', ...event });
    const body = (text: string): EventScript => s.push({ conn: 'h', kind: 'line', stream: 'stdout', text, eol: '', size: text.length });
    s.push({ conn: 'h', kind: 'spawn', config: { transport: 'http', url: 'http://127.0.0.1:1/sse', headers: {} } });
    http({ req: 'h1', phase: 'request', method: 'POST', url: 'http://127.0.0.1:1/sse', headers: {} });
    s.request('h', 0, 'initialize');
    http({ req: 'h1', phase: 'response', status: 404, headers: {}, contentType: 'text/html' });
    body('<!DOCTYPE html>\n<pre>Cannot POST /sse</pre>');
    http({ req: 'h1', phase: 'end', how: 'complete', bytes: 40 });
    http({ req: 'h2', phase: 'request', method: 'GET', url: 'http://127.0.0.1:1/sse', headers: {} });
    http({ req: 'h2', phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' });
    http({ req: 'h2', phase: 'sse-event', event: 'endpoint', size: 30 });
    body('/message?sessionId=abc');

    const index = new TimelineIndex();
    for (const event of s.events) index.apply(event);
    const rows = index.window(0, 1000);
    expect(rows.filter((r) => r.kind === 'invalid' || r.status === 'invalid')).toEqual([]);
    const summaries = rows.map((r) => r.summary);
    expect(summaries).toContain('[h1] HTTP 404 text/html, refused: <!DOCTYPE html> <pre>Cannot POST /sse</pre>');
    expect(summaries).toContain('[h2] HTTP+SSE endpoint: /message?sessionId=abc');
    // The bytes stay in the record, within the row they belong to.
    const endpointRow = rows.find((r) => r.summary.includes('HTTP+SSE endpoint'));
    expect(endpointRow && index.detail(endpointRow.row)?.lines.map((l) => l.text)).toEqual(['/message?sessionId=abc']);
  });
});
