import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from './envelope.js';
import {
  COMPARE_TOPICS,
  DEFAULT_SCENARIO,
  describeDifferences,
  explainColumn,
  listComparisons,
  readComparison,
  scenarioSchema,
  stepRequest,
  type CompareStart,
  type Scenario,
} from './compare.js';

const scenario: Scenario = {
  name: 'two steps',
  steps: [
    { kind: 'connect' },
    { kind: 'input', tool: 'confirm_action', arguments: { action: 'x' }, answer: { action: 'accept', content: { confirm: true } } },
  ],
};
const start: CompareStart = { id: 'cmp-1', scenario, command: 'node', args: ['demo.js'], conns: { handshake: 'h', stateless: 's' } };
const META = '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}';

/** A tiny journal: markers as notes, wire lines as stdin/stdout events with increasing seq and t. */
function journal(
  entries: (
    | [conn: string, kind: 'mark', index: number, phase: 'start' | 'end']
    | [conn: string, stream: 'stdin' | 'stdout' | 'stderr', text: string]
  )[],
): BridgeEvent[] {
  return entries.map((entry, seq): BridgeEvent => {
    const t = 1000 + seq * 10;
    const conn = entry[0];
    if (entry[1] === 'mark') {
      const flow = conn === 'h' ? 'handshake' : 'stateless';
      return { seq, t, conn, kind: 'note', topic: COMPARE_TOPICS.step, data: { id: 'cmp-1', flow, index: entry[2], phase: entry[3] } };
    }
    const text = entry[2];
    return { seq, t, conn, kind: 'line', stream: entry[1], text, eol: '\n', size: new TextEncoder().encode(text).length };
  });
}

describe('readComparison', () => {
  const events = journal([
    ['h', 'mark', 0, 'start'],
    [
      'h',
      'stdin',
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    ],
    [
      'h',
      'stdout',
      '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"d","version":"1"}}}',
    ],
    ['h', 'stdin', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
    ['h', 'mark', 0, 'end'],
    ['s', 'mark', 0, 'start'],
    ['s', 'stdin', `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{${META}}}`],
    [
      's',
      'stdout',
      '{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{},"ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"d","version":"1"}}}}',
    ],
    ['s', 'mark', 0, 'end'],
    ['h', 'mark', 1, 'start'],
    ['h', 'stdin', '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"confirm_action","arguments":{"action":"x"}}}'],
    [
      'h',
      'stdout',
      '{"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"message":"ok?","requestedSchema":{"type":"object"}}}',
    ],
    ['h', 'stdin', '{"jsonrpc":"2.0","id":0,"result":{"action":"accept","content":{"confirm":true}}}'],
    ['h', 'stdout', '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Confirmed: x"}]}}'],
    ['h', 'stderr', 'stderr is never part of a step'],
    ['h', 'mark', 1, 'end'],
    ['s', 'mark', 1, 'start'],
    ['s', 'stdin', `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"confirm_action","arguments":{"action":"x"},${META}}}`],
    [
      's',
      'stdout',
      '{"jsonrpc":"2.0","id":2,"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{}}},"requestState":"abc"}}',
    ],
    [
      's',
      'stdin',
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"confirm_action","arguments":{"action":"x"},"inputResponses":{"confirm":{"action":"accept"}},"requestState":"abc",${META}}}`,
    ],
    ['s', 'stdout', '{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","content":[{"type":"text","text":"Confirmed: x"}]}}'],
    ['s', 'mark', 1, 'end'],
    ['s', 'stdout', '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"after the last step"}}'],
  ]);

  const columns = readComparison(start, events);

  it('puts each line in the step whose markers bracket it, leaving stderr and stray lines out', () => {
    expect(columns.handshake.steps.map((s) => s.messages.length)).toEqual([3, 4]);
    expect(columns.stateless.steps.map((s) => s.messages.length)).toEqual([2, 4]);
  });

  it('counts messages, round trips (answered requests, either way), bytes each way and time from the wire', () => {
    const h = columns.handshake.totals;
    expect(h.messages).toBe(7);
    expect(h.roundTrips).toBe(3); // initialize, the server's elicitation/create, tools/call
    const sent = events
      .filter((e) => e.kind === 'line' && e.conn === 'h' && e.stream === 'stdin')
      .reduce((n, e) => n + (e.kind === 'line' ? e.size + 1 : 0), 0);
    expect(h.bytesSent).toBe(sent);
    expect(columns.stateless.totals.roundTrips).toBe(3);
    expect(columns.handshake.perStep[0]?.ms).toBe(40);
  });

  it('marks what differs: the envelope and its bytes, resultType, serverInfo in _meta, cache fields, the input round', () => {
    const [discover, discovered] = columns.stateless.steps[0]?.messages ?? [];
    expect(discover?.notes).toContainEqual({ kind: 'envelope', bytes: new TextEncoder().encode(META.slice('"_meta":'.length)).length });
    expect(discovered?.notes.map((n) => n.kind)).toEqual(['result-type', 'server-info-in-meta', 'cache']);
    const input = columns.stateless.steps[1]?.messages ?? [];
    expect(input[1]?.notes).toContainEqual({ kind: 'input-required', keys: ['confirm'] });
    expect(input[2]?.notes).toContainEqual({ kind: 'retry', keys: ['confirm'] });
    expect(columns.handshake.steps[1]?.messages[1]?.notes).toContainEqual({ kind: 'server-request', method: 'elicitation/create' });
  });

  it('says in plain words what the stateless flow removed, added and changed', () => {
    const text = describeDifferences(columns.handshake, columns.stateless)
      .map((d) => `${d.title}: ${d.detail}`)
      .join('\n');
    expect(text).toContain('The handshake is gone');
    expect(text).toContain('3 messages');
    expect(text).toContain('3 of 3 stateless requests carry params._meta');
    expect(text).toContain('elicitation/create (server id 0)');
    expect(text).toContain('call #2 ended with resultType "input_required"');
    expect(text).toContain('new request #3');
    expect(text).toContain('requestState, echoed back');
  });
});

describe('explainColumn', () => {
  const oneStep: CompareStart = { ...start, scenario: { name: 'connect', steps: [{ kind: 'connect' }] } };
  it('explains a -32601 to server/discover: the server does not speak the stateless flow', () => {
    const events = journal([
      ['s', 'mark', 0, 'start'],
      ['s', 'stdin', `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{${META}}}`],
      ['s', 'stdout', '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}'],
      ['s', 'mark', 0, 'end'],
    ]);
    expect(explainColumn(readComparison(oneStep, events).stateless)).toMatch(/does not speak the stateless flow \(2026-07-28\)/);
  });

  it('explains a -32022 with the versions the server named', () => {
    const events = journal([
      ['h', 'mark', 0, 'start'],
      ['h', 'stdin', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'],
      [
        'h',
        'stdout',
        '{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28"]}}}',
      ],
      ['h', 'mark', 0, 'end'],
    ]);
    expect(explainColumn(readComparison(oneStep, events).handshake)).toBe(
      'The server refused the protocol version with -32022 and named the versions it supports: 2026-07-28.',
    );
  });

  it('has nothing to explain when the connect step worked', () => {
    expect(explainColumn(readComparison(oneStep, []).handshake)).toBeUndefined();
  });
});

describe('scenarios', () => {
  it('the default scenario is valid and starts with connect', () => {
    expect(scenarioSchema.parse(DEFAULT_SCENARIO)).toEqual(DEFAULT_SCENARIO);
    expect(DEFAULT_SCENARIO.steps[0]).toEqual({ kind: 'connect' });
  });

  it('each step knows its request', () => {
    expect(stepRequest({ kind: 'read', uri: 'info://server-info' })).toEqual({
      method: 'resources/read',
      params: { uri: 'info://server-info' },
    });
    expect(stepRequest({ kind: 'list', method: 'prompts/list' })).toEqual({ method: 'prompts/list', params: undefined });
    expect(stepRequest({ kind: 'prompt', name: 'summarize', arguments: { text: 'a' } })).toEqual({
      method: 'prompts/get',
      params: { name: 'summarize', arguments: { text: 'a' } },
    });
  });

  it('refuses a step it does not know', () => {
    expect(scenarioSchema.safeParse({ name: 'x', steps: [{ kind: 'dance' }] }).success).toBe(false);
  });
});

describe('listComparisons', () => {
  it('lists comparisons from the notes in start order, each marked done once its done note is in', () => {
    const note = (seq: number, topic: string, data: unknown): BridgeEvent => ({ seq, t: seq, kind: 'note', topic, data });
    const other = { ...start, id: 'cmp-2' };
    const list = listComparisons([
      note(1, COMPARE_TOPICS.start, start),
      note(5, COMPARE_TOPICS.start, other),
      note(9, COMPARE_TOPICS.done, { id: 'cmp-1' }),
    ]);
    expect(list.map((c) => [c.start.id, c.seq, c.done])).toEqual([
      ['cmp-1', 1, true],
      ['cmp-2', 5, false],
    ]);
  });
});

describe('a side that could not connect', () => {
  it('is summarized as failed, with the reason, not as the handshake being gone', () => {
    const events = journal([
      ['h', 'mark', 0, 'start'],
      ['h', 'stdin', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}'],
      ['h', 'stdout', '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"d"}}}'],
      ['h', 'stdin', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
      ['h', 'mark', 0, 'end'],
      ['s', 'mark', 0, 'start'],
      ['s', 'stdin', `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{${META}}}`],
      ['s', 'stdout', '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}'],
      ['s', 'mark', 0, 'end'],
    ]).map((e) =>
      e.kind === 'note' && (e.data as { phase: string }).phase === 'end'
        ? { ...e, data: { ...(e.data as object), outcome: e.conn === 'h' ? 'connected' : 'server/discover failed' } }
        : e,
    );
    const columns = readComparison(start, events);
    const differences = describeDifferences(columns.handshake, columns.stateless);
    expect(differences.map((d) => d.topic)).toEqual(['failed', 'totals']);
    expect(differences[0]?.title).toBe('The stateless side failed');
    expect(differences[0]?.detail).toContain('-32601');
    expect(differences[0]?.detail).toContain('Its 1 other step was not run');
  });
});
