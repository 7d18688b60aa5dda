import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { SessionModel } from '../../../../protocol/session.js';
import { wireContext } from './wireContext.js';

/** A model fed lines of one connection; returns the seq of each line. */
function wire(lines: ['stdin' | 'stdout', unknown, number][]): { model: SessionModel; seqs: number[] } {
  const model = new SessionModel();
  const seqs: number[] = [];
  lines.forEach(([stream, value, t], seq) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    model.apply({ seq, t, conn: 'c1', kind: 'line', stream, text, eol: '\n', size: text.length } as BridgeEvent);
    seqs.push(seq);
  });
  return { model, seqs };
}

const J = '2.0';

describe('what a log line means on the wire', () => {
  it('says why an invalid response is invalid, which request it answers, and what became of that request', () => {
    const { model } = wire([
      ['stdin', { jsonrpc: J, id: 3, method: 'tools/call', params: { name: 'x' } }, 100],
      ['stdout', { jsonrpc: J, id: 3, result: {}, error: { code: -32603, message: 'both' } }, 112],
    ]);
    expect(wireContext(model, 1)).toEqual([
      'invalid: a response cannot carry both result and error',
      'answers tools/call #3 (event #0) after 12 ms',
    ]);
    expect(wireContext(model, 0)).toEqual(['answered with an invalid response (event #1) after 12 ms']);
  });

  it('tells results, errors, waiting, cancelled and unknown answers apart', () => {
    const { model } = wire([
      ['stdin', { jsonrpc: J, id: 1, method: 'tools/list' }, 0],
      ['stdout', { jsonrpc: J, id: 1, result: { tools: [] } }, 5],
      ['stdin', { jsonrpc: J, id: 2, method: 'tools/call' }, 6],
      ['stdout', { jsonrpc: J, id: 2, error: { code: -32602, message: 'Unknown tool' } }, 8],
      ['stdin', { jsonrpc: J, id: 3, method: 'ping' }, 9],
      ['stdin', { jsonrpc: J, id: 4, method: 'tools/call' }, 10],
      ['stdin', { jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 4, reason: 'timed out after 5 ms' } }, 15],
      ['stdout', { jsonrpc: J, id: 4, result: {} }, 20],
      ['stdout', { jsonrpc: J, id: 77, result: {} }, 21],
      ['stdout', 'not json', 22],
    ]);
    expect(wireContext(model, 0)).toEqual(['answered with a result (event #1) after 5 ms']);
    expect(wireContext(model, 1)).toEqual(['answers tools/list #1 (event #0) after 5 ms']);
    expect(wireContext(model, 2)).toEqual(['answered with an error (event #3) after 2 ms']);
    expect(wireContext(model, 4)).toEqual(['waiting for an answer']);
    expect(wireContext(model, 5)).toEqual(['timed out (timed out after 5 ms); a late answer came (event #7)']);
    expect(wireContext(model, 6)).toEqual(['cancels tools/call #4 (event #5)']);
    expect(wireContext(model, 7)).toEqual(['a late answer to tools/call #4 (event #5), after it timed out']);
    expect(wireContext(model, 8)).toEqual(['answers no request seen on this connection']);
    expect(wireContext(model, 9)).toEqual([]);
  });
});
