// An answer that comes inside a JSON-RPC batch is matched to its request, never left to time out:
// taken as it is where the revision has batches (2025-03-26), ended as invalid where it does not.
import { describe, expect, it } from 'vitest';
import { ClientSession } from './clientSession.js';
import { classifyText } from './jsonrpc.js';

function session(protocolVersion: string): { s: ClientSession; sent: string[] } {
  const sent: string[] = [];
  let id = 1;
  const s = new ClientSession({
    flow: 'handshake',
    protocolVersion,
    send: (line) => sent.push(line),
    nextId: () => id++,
    capabilities: {},
    onServerRequest: async () => ({ result: { roots: [] } }),
  });
  return { s, sent };
}

describe('ClientSession: a batch from the server', () => {
  it('2025-03-26: each answer in it ends its request, each request in it is answered', async () => {
    const { s, sent } = session('2025-03-26');
    const { done } = s.request('tools/list', undefined, { timeoutMs: 600_000 });
    s.onMessage(classifyText('[{"jsonrpc":"2.0","id":1,"result":{"tools":[]}},{"jsonrpc":"2.0","id":"r1","method":"roots/list"}]'));
    await expect(done).resolves.toMatchObject({ kind: 'result', result: { tools: [] } });
    await Promise.resolve();
    expect(sent.some((line) => line.includes('"id":"r1"'))).toBe(true);
  });

  it('2025-11-25: the answer is matched and ended as invalid, naming the batch', async () => {
    const { s } = session('2025-11-25');
    const { done } = s.request('tools/list', undefined, { timeoutMs: 600_000 });
    s.onMessage(classifyText('[{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}]'));
    const outcome = await done;
    expect(outcome.kind).toBe('invalid');
    expect(outcome.kind === 'invalid' && outcome.reason).toContain('inside a JSON-RPC batch');
  });
});
