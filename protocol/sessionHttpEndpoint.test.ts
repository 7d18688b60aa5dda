// What a reloaded tab learns from the journal of an older server's connection (HTTP+SSE,
// 2024-11-05): the endpoint its stream named, read as the transport reads it.
import { describe, expect, it } from 'vitest';
import { SessionModel } from './session.js';
import { EventScript } from './timeline/testing.js';

function model(endpointData: string): SessionModel {
  const s = new EventScript();
  const http = (event: Record<string, unknown>): EventScript => s.push({ conn: 'h', kind: 'http', ...event });
  s.push({ conn: 'h', kind: 'spawn', config: { transport: 'http', url: 'http://127.0.0.1:9/sse', headers: {} } });
  http({ req: 'a2', phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' });
  http({ req: 'a2', phase: 'sse-event', event: 'endpoint', size: endpointData.length });
  s.note('h', 'connect.step', { text: 'a note between the event and its data' });
  s.push({ conn: 'h', kind: 'line', stream: 'stdout', text: endpointData, eol: '', size: endpointData.length });
  http({ req: 'a2', phase: 'sse-event', event: 'endpoint', size: 14 });
  s.push({ conn: 'h', kind: 'line', stream: 'stdout', text: '/elsewhere?x=1', eol: '', size: 14 });
  const m = new SessionModel();
  for (const event of s.events) m.apply(event);
  return m;
}

describe('SessionModel on an HTTP+SSE connection', () => {
  it('keeps the first endpoint the stream named, resolved on the connection URL', () => {
    expect(model('/message?sessionId=abc').conns.get('h')?.httpEndpoint).toBe('http://127.0.0.1:9/message?sessionId=abc');
  });

  it('keeps none when the endpoint is on another origin (the transport refused it)', () => {
    expect(model('https://evil.example/steal').conns.get('h')?.httpEndpoint).toBeUndefined();
  });
});
