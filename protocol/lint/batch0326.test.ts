// 2025-03-26 has JSON-RPC batches: a batch in a session that negotiated it is no error there.
// Later revisions removed them, and jsonrpc-batch still says so.
import { describe, expect, it } from 'vitest';
import { Transcript, lint, rulesOf } from './testing/transcript.js';

const J = '2.0';

function session(version: string): Transcript {
  return new Transcript()
    .connectStart('handshake')
    .spawn()
    .send({
      jsonrpc: J,
      id: 0,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    })
    .recv({ jsonrpc: J, id: 0, result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } })
    .send({ jsonrpc: J, method: 'notifications/initialized' })
    .connectDone('handshake', version);
}

const batchAnswer = [
  { jsonrpc: J, id: 1, result: { tools: [] } },
  { jsonrpc: J, id: 2, result: {} },
];

describe('jsonrpc-batch by revision', () => {
  it('says nothing of a batch in a 2025-03-26 session, either way', () => {
    const t = session('2025-03-26')
      .send([
        { jsonrpc: J, id: 1, method: 'tools/list' },
        { jsonrpc: J, id: 2, method: 'ping' },
      ])
      .recv(batchAnswer);
    expect(rulesOf(lint(t.events))).not.toContain('jsonrpc-batch');
  });

  it.each(['2025-06-18', '2025-11-25'])('still reports one in a %s session as an error', (version) => {
    const findings = lint(session(version).recv(batchAnswer).events);
    expect(findings).toMatchObject([{ rule: 'jsonrpc-batch', severity: 'error' }]);
  });
});
