import { describe, expect, it } from 'vitest';
import { readEndpoint } from './legacyEndpoint.js';

describe('readEndpoint', () => {
  const base = 'http://127.0.0.1:3001/sse';

  it('resolves a path (what servers send) against the connection URL', () => {
    expect(readEndpoint(base, '/message?sessionId=abc')).toEqual({ ok: true, url: 'http://127.0.0.1:3001/message?sessionId=abc' });
    expect(readEndpoint('http://h:1/a/sse', 'messages?x=1\n')).toEqual({ ok: true, url: 'http://h:1/a/messages?x=1' });
  });

  it('takes a full URL on the same origin', () => {
    expect(readEndpoint(base, 'http://127.0.0.1:3001/m#frag')).toEqual({ ok: true, url: 'http://127.0.0.1:3001/m' });
  });

  it('refuses another origin, another scheme or port, and nothing at all, saying why', () => {
    for (const data of ['https://evil.example/steal', '//evil.example/m', 'https://127.0.0.1:3001/m', 'http://127.0.0.1:3002/m']) {
      const reading = readEndpoint(base, data);
      expect(reading.ok, data).toBe(false);
      if (!reading.ok) expect(reading.reason).toMatch(/rather than the server's own http:\/\/127\.0\.0\.1:3001: refused/);
    }
    expect(readEndpoint(base, '  ')).toEqual({ ok: false, reason: 'the endpoint event names no URL' });
    expect(readEndpoint(base, 'http://[bad')).toMatchObject({ ok: false, reason: expect.stringMatching(/not a URL/) });
  });
});
