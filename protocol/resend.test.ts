import { describe, expect, it } from 'vitest';
import { draftFromRequest, parseDraft } from './resend.js';
import { META_KEYS } from './flows.js';

describe('edit and resend', () => {
  it('drops the envelope and the old progress token from a recorded request, keeping other _meta keys', () => {
    const recorded = {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: {
        name: 'echo',
        arguments: { message: 'hi' },
        _meta: { [META_KEYS.protocolVersion]: '2026-07-28', [META_KEYS.clientInfo]: {}, progressToken: 'p1-4', 'x.example/trace': 'abc' },
      },
    };
    expect(draftFromRequest(recorded)).toEqual({
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hi' }, _meta: { 'x.example/trace': 'abc' } },
    });
    expect(draftFromRequest({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { progressToken: 1 } } })).toEqual({
      method: 'tools/list',
      params: {},
    });
    expect(draftFromRequest({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
  });

  it('says why an edited draft cannot be sent', () => {
    expect(parseDraft('{')).toMatchObject({ ok: false });
    expect(parseDraft('{"method": 3}')).toEqual({ ok: false, reason: '"method" is a non-empty string' });
    expect(parseDraft('{"method": "x", "params": []}')).toEqual({ ok: false, reason: '"params" is a JSON object' });
    expect(parseDraft('{"method": "ping"}')).toEqual({ ok: true, draft: { method: 'ping' } });
  });
});
