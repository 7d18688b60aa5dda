import { describe, expect, it } from 'vitest';
import { livenessMethod, livenessText } from './liveness.js';

describe('liveness', () => {
  it('pings on the handshake flow and asks server/discover on the stateless one, which has no ping', () => {
    expect(livenessMethod('handshake')).toBe('ping');
    expect(livenessMethod('stateless')).toBe('server/discover');
  });

  it('reads a handshake answer with its round trip', () => {
    expect(livenessText('handshake', { kind: 'result', id: 3, result: {} }, 4.4)).toBe('ping answered in 4 ms: {}');
  });

  it('reads a discover answer by the versions it lists, and says why it is not a ping', () => {
    const result = { supportedVersions: ['2026-07-28', 7, '2025-11-25'] };
    expect(livenessText('stateless', { kind: 'result', id: 3, result }, 12)).toBe(
      'server/discover answered in 12 ms (2026-07-28 has no ping): it supports 2026-07-28, 2025-11-25',
    );
  });

  it('names a refusal by its code, clipping what the server wrote', () => {
    const text = livenessText('handshake', { kind: 'error', id: 1, error: { code: -32601, message: 'x'.repeat(500) } }, 2);
    expect(text.startsWith('ping refused in 2 ms: -32601 Method not found: xxx')).toBe(true);
    expect(text.length).toBeLessThan(200);
  });

  it('says when no answer came', () => {
    expect(livenessText('handshake', { kind: 'timeout', id: 1, afterMs: 10_000 }, undefined)).toBe(
      'ping: no answer within 10000 ms (cancelled)',
    );
  });
});
