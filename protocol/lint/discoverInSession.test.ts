// A server/discover the user sends inside an open handshake session is a request of that
// session: judged by its revision (2025-11-25 has no such method), not as the era probe.
import { describe, expect, it } from 'vitest';
import { Transcript, lint } from './testing/transcript.js';

const J = '2.0';

describe('server/discover inside a handshake session', () => {
  it('goes out bare and is not judged by 2026-07-28 rules, nor is its answer', () => {
    const t = new Transcript()
      .connectStart('handshake')
      .spawn()
      .handshake()
      .connectDone('handshake', '2025-11-25')
      .send({ jsonrpc: J, id: 2, method: 'server/discover' })
      .recv({ jsonrpc: J, id: 2, error: { code: -32601, message: 'Method not found' } });
    expect(lint(t.events)).toEqual([]);
  });

  it('lets a result to it go unjudged by the 2026-07-28 result rules', () => {
    const t = new Transcript()
      .connectStart('handshake')
      .spawn()
      .handshake()
      .send({ jsonrpc: J, id: 2, method: 'server/discover' })
      .recv({ jsonrpc: J, id: 2, result: { hello: 'there' } });
    expect(lint(t.events)).toEqual([]);
  });

  it('still judges the era probe that opens a conversation by 2026-07-28', () => {
    const t = new Transcript().connectStart('auto').spawn().send({ jsonrpc: J, id: 1, method: 'server/discover' });
    expect(lint(t.events)).toMatchObject([
      { rule: 'schema-violation', message: expect.stringContaining('DiscoverRequest of the 2026-07-28 schema') },
    ]);
  });
});
