/**
 * The bridge's own guard on an older server's endpoint: a request to another URL goes out only on
 * the connection's origin, since the connection's headers (a token) go with it.
 */
import { describe, expect, it } from 'vitest';
import type { UnstampedEvent } from '../protocol/envelope.js';
import { HttpHost } from './httpHost.js';

describe('HttpHost and a request to another URL', () => {
  it('refuses another origin before anything is sent, and names the URL it was asked for', () => {
    const events: UnstampedEvent[] = [];
    const host = new HttpHost({ record: (e) => events.push(e) });
    host.open('c1', {
      transport: 'http',
      url: 'http://127.0.0.1:9/sse',
      headers: { Authorization: 'Bearer sekrit-token' },
      secrets: ['sekrit-token'],
    });
    host.request('c1', { req: 'h1', method: 'POST', headers: {}, body: Buffer.from('{}'), url: 'https://evil.example/steal' });
    const http = events.filter((e) => e.kind === 'http');
    expect(http).toEqual([
      {
        kind: 'http',
        conn: 'c1',
        req: 'h1',
        phase: 'error',
        code: 'not-open',
        message: "not sent: https://evil.example/steal is not on the connection's origin (its headers go there only)",
      },
    ]);
  });
});
