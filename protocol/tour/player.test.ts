// The player against scripted servers of plain JSON lines: what each action sends, what each
// line from a server does, and how a run goes on, stops, fails and starts over.
import { describe, expect, it } from 'vitest';
import type { Tour } from './format.js';
import { readTour } from './parse.js';
import {
  canRetry,
  createPlayer,
  finished,
  previewStep,
  stepLines,
  update,
  type PlayerAction,
  type PlayerEffect,
  type PlayerState,
} from './player.js';
import { tourFigures } from './figures.js';

function tour(yaml: string): Tour {
  const read = readTour(yaml, 'test.tour.yaml');
  if (!read.ok) throw new Error(read.error);
  return read.tour;
}

type Reply = (message: Record<string, unknown>) => unknown[];

/**
 * Plays actions against scripted servers: each line a `send` effect carries is handed to the
 * connection's script, and what it answers comes back as `received` actions (unless held).
 */
class Harness {
  state: PlayerState;
  effects: PlayerEffect[] = [];
  clock = 1000;
  held: Array<{ connection: string; text: string }> = [];
  hold = false;

  constructor(
    t: Tour,
    private readonly scripts: Record<string, Reply>,
  ) {
    this.state = createPlayer(t);
  }

  act(action: PlayerAction): PlayerEffect[] {
    this.clock += 10;
    const { state, effects } = update(this.state, { ...action, at: this.clock });
    this.state = state;
    this.effects.push(...effects);
    for (const effect of effects) {
      if (effect.kind !== 'send') continue;
      const replies = this.scripts[effect.connection]?.(JSON.parse(effect.line) as Record<string, unknown>) ?? [];
      for (const reply of replies) this.held.push({ connection: effect.connection, text: JSON.stringify(reply) });
    }
    if (!this.hold) this.flush();
    return effects;
  }

  /** Delivers what the servers said, in order. */
  flush(): void {
    while (this.held.length > 0) {
      const next = this.held.shift() as { connection: string; text: string };
      this.act({ type: 'received', connection: next.connection, text: next.text });
    }
  }

  sent(): Array<Record<string, unknown>> {
    return this.effects.flatMap((e) => (e.kind === 'send' ? [JSON.parse(e.line) as Record<string, unknown>] : []));
  }

  status(): string[] {
    return this.state.steps.map((s) => s.status);
  }
}

/** A server that answers every request with a result naming its method, and notifications with nothing. */
const echoServer: Reply = (m) =>
  typeof m.method === 'string' && 'id' in m ? [{ jsonrpc: '2.0', id: m.id, result: { method: m.method } }] : [];

const HANDSHAKE = `format: mcp-lens-tour
version: 1
title: t
connections:
  hs: { flow: handshake }
steps:
  - title: Welcome
  - id: init
    title: initialize
    send: { jsonrpc: "2.0", id: 99, method: initialize, params: { protocolVersion: "2025-11-25" } }
  - title: initialized
    send: { jsonrpc: "2.0", method: notifications/initialized }
  - id: list
    title: tools/list
    send: { jsonrpc: "2.0", id: 99, method: tools/list }
    expect:
      - { at: $.result.method, equals: tools/list, pass: right, fail: wrong }
  - title: The end
`;

describe('player: next, back and the steps of words', () => {
  it('next sends the current step and waits, then moves on; words only move on', () => {
    const h = new Harness(tour(HANDSHAKE), { hs: echoServer });
    h.hold = true;
    expect(h.act({ type: 'next' })).toEqual([]);
    expect(h.state.index).toBe(1);
    expect(h.status()).toEqual(['done', 'unsent', 'unsent', 'unsent', 'unsent']);

    const effects = h.act({ type: 'next' });
    expect(effects).toEqual([
      { kind: 'launch', run: 1, connection: 'hs', flow: 'handshake', server: { demo: true } },
      {
        kind: 'send',
        run: 1,
        connection: 'hs',
        step: 1,
        line: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}',
      },
    ]);
    expect(h.state.steps[1]).toMatchObject({ status: 'waiting', sentId: 1, awaiting: { kind: 'response', id: 1 } });
    // While it waits, next does nothing.
    expect(h.act({ type: 'next' })).toEqual([]);
    expect(h.state.index).toBe(1);

    h.flush();
    expect(h.state.steps[1]).toMatchObject({
      status: 'done',
      outcome: { text: '{"jsonrpc":"2.0","id":1,"result":{"method":"initialize"}}' },
    });
    expect(h.state.index).toBe(1);
    h.act({ type: 'next' });
    expect(h.state.index).toBe(2);

    // A notification awaits nothing: done as soon as it is sent, and no second launch.
    expect(h.act({ type: 'next' })).toEqual([
      { kind: 'send', run: 1, connection: 'hs', step: 2, line: '{"jsonrpc":"2.0","method":"notifications/initialized"}' },
    ]);
    expect(h.state.steps[2]?.status).toBe('done');
    h.act({ type: 'next' });
    h.act({ type: 'next' });
    h.flush();
    expect(h.state.steps[3]).toMatchObject({
      status: 'done',
      sentId: 2,
      checks: [{ at: '$.result.method', ok: true, text: 'right', detail: '$.result.method is "tools/list"' }],
    });
    h.act({ type: 'next' });
    expect(h.state.index).toBe(4);
    h.act({ type: 'next' });
    expect(h.state.index).toBe(4);
    expect(h.status()).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(finished(h.state)).toBe(true);
  });

  it('back shows the step before and sends nothing; goTo shows any step', () => {
    const h = new Harness(tour(HANDSHAKE), { hs: echoServer });
    h.act({ type: 'next' });
    h.act({ type: 'next' });
    h.act({ type: 'next' });
    const before = h.effects.length;
    expect(h.act({ type: 'back' })).toEqual([]);
    expect(h.state.index).toBe(1);
    expect(h.state.steps[1]?.status).toBe('done');
    h.act({ type: 'back' });
    h.act({ type: 'back' });
    expect(h.state.index).toBe(0);
    h.act({ type: 'goTo', index: 42 });
    expect(h.state.index).toBe(4);
    expect(h.effects.length).toBe(before);
    expect(stepLines(h.state, 1).map((l) => l.dir)).toEqual(['sent', 'received']);
  });
});

describe('player: run to here', () => {
  it('sends every unsent step before the target in order, one at a time', () => {
    const h = new Harness(tour(HANDSHAKE), { hs: echoServer });
    h.hold = true;
    const first = h.act({ type: 'runTo', index: 4 });
    expect(h.state.index).toBe(4);
    // Only initialize goes until its answer comes: the rest are queued.
    expect(first.filter((e) => e.kind === 'send')).toHaveLength(1);
    expect(h.status()).toEqual(['done', 'waiting', 'queued', 'queued', 'unsent']);
    h.flush();
    expect(h.sent().map((m) => m.method)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    expect(h.sent().map((m) => m.id)).toEqual([1, undefined, 2]);
    expect(h.status()).toEqual(['done', 'done', 'done', 'done', 'unsent']);
    expect(h.state.target).toBeUndefined();
  });

  it('next on a step with unsent steps before it sends those first', () => {
    const h = new Harness(tour(HANDSHAKE), { hs: echoServer });
    h.act({ type: 'goTo', index: 3 });
    h.act({ type: 'next' });
    expect(h.sent().map((m) => m.method)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    expect(h.state.index).toBe(3);
  });
});

describe('player: ids, refs and waits', () => {
  const TWO = `format: mcp-lens-tour
version: 1
title: t
connections:
  hs: { flow: handshake, label: H }
  sl: { flow: stateless }
steps:
  - { id: a, title: a, connection: hs, send: { jsonrpc: "2.0", id: 5, method: x } }
  - { id: b, title: b, connection: sl, send: { jsonrpc: "2.0", id: 5, method: y } }
  - { id: c, title: c, connection: hs, send: { jsonrpc: "2.0", id: "s", method: z, params: { from: { $ref: "b#$.result.method" }, all: { $ref: "a#$" } } } }
`;

  it('numbers requests per connection and fills $refs from earlier outcomes', () => {
    const h = new Harness(tour(TWO), { hs: echoServer, sl: echoServer });
    expect(previewStep(h.state, 0)).toMatchObject({ ok: true, id: 1, text: '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "x"\n}' });
    expect(previewStep(h.state, 2)).toEqual({ ok: false, error: '$.params.from refers to step "b", which has no outcome yet' });
    h.act({ type: 'runTo', index: 2 });
    h.act({ type: 'next' });
    expect(h.effects.filter((e) => e.kind === 'launch')).toEqual([
      { kind: 'launch', run: 1, connection: 'hs', flow: 'handshake', label: 'H', server: { demo: true } },
      { kind: 'launch', run: 1, connection: 'sl', flow: 'stateless', server: { demo: true } },
    ]);
    expect(h.sent()).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'x' },
      { jsonrpc: '2.0', id: 1, method: 'y' },
      { jsonrpc: '2.0', id: 2, method: 'z', params: { from: 'y', all: { jsonrpc: '2.0', id: 1, result: { method: 'x' } } } },
    ]);
  });

  it('a step whose $ref cannot be filled fails, and the run stops there', () => {
    const h = new Harness(tour(TWO), { hs: echoServer, sl: () => [{ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } }] });
    h.act({ type: 'runTo', index: 2 });
    h.act({ type: 'next' });
    expect(h.state.steps[2]).toMatchObject({
      status: 'failed',
      reason: '$.params.from: step "b"\'s outcome has nothing at $.result.method',
    });
    expect(h.sent()).toHaveLength(2);
  });

  const ELICIT = `format: mcp-lens-tour
version: 1
title: t
connections: { hs: { flow: handshake } }
steps:
  - id: ask
    title: a tool that asks
    send: { jsonrpc: "2.0", id: 1, method: tools/call, params: { name: confirm } }
    wait: { method: elicitation/create }
  - id: answer
    title: the answer
    send: { jsonrpc: "2.0", id: { $ref: "ask#$.id" }, result: { action: accept, content: { ok: true } } }
    wait: { response: ask }
    expect: [{ at: "$.result.content[0].text", equals: confirmed }]
`;

  /** Asks before answering tools/call; answers once the client has answered it. */
  const asker: Reply = (m) => {
    if (m.method === 'tools/call')
      return [
        { jsonrpc: '2.0', method: 'notifications/message', params: {} },
        { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'sure?' } },
      ];
    if (m.id === 0 && 'result' in m) return [{ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'confirmed' }] } }];
    return [];
  };

  it('waits for a server request by method, answers it by its id, then waits for the earlier response', () => {
    const h = new Harness(tour(ELICIT), { hs: asker });
    h.act({ type: 'next' });
    expect(h.state.steps[0]).toMatchObject({
      status: 'done',
      sentId: 1,
      outcome: { message: { kind: 'request', method: 'elicitation/create', id: 0 } },
    });
    h.act({ type: 'next' });
    h.act({ type: 'next' });
    expect(h.sent()[1]).toEqual({ jsonrpc: '2.0', id: 0, result: { action: 'accept', content: { ok: true } } });
    expect(h.state.steps[1]).toMatchObject({ status: 'done', checks: [{ ok: true }] });
    // The notification that came along belongs to the first step's lines, not to any outcome.
    expect(stepLines(h.state, 0).map((l) => [l.dir, l.outcomeOf])).toEqual([
      ['sent', undefined],
      ['received', undefined],
      ['received', 0],
    ]);
  });

  it('a step waiting for a server request fails when the response to its own request comes instead', () => {
    // The server answers the call at once and asks afterwards.
    const early: Reply = (m) =>
      m.method === 'tools/call'
        ? [
            { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'confirmed' }] } },
            { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: {} },
          ]
        : [];
    const h = new Harness(tour(ELICIT), { hs: early });
    h.act({ type: 'next' });
    // Waiting for elicitation/create, the response to its own request came first: that is a failure.
    expect(h.state.steps[0]).toMatchObject({
      status: 'failed',
      reason: 'the server answered the request without sending elicitation/create first',
    });
  });

  it('a wait for the response to an earlier step takes one that already came', () => {
    const t = tour(`format: mcp-lens-tour
version: 1
title: t
connections: { hs: { flow: handshake } }
steps:
  - { id: call, title: call, send: { jsonrpc: "2.0", id: 1, method: slow }, wait: { method: notifications/progress } }
  - { title: result, wait: { response: call } }
`);
    const h = new Harness(t, {
      hs: () => [
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
        { jsonrpc: '2.0', id: 1, result: { done: true } },
      ],
    });
    h.act({ type: 'next' });
    expect(h.state.steps[0]?.status).toBe('done');
    h.act({ type: 'next' });
    h.act({ type: 'next' });
    expect(h.state.steps[1]).toMatchObject({ status: 'done', outcome: { text: '{"jsonrpc":"2.0","id":1,"result":{"done":true}}' } });
  });
});

describe('player: exercises', () => {
  const EXERCISE = `format: mcp-lens-tour
version: 1
title: t
connections: { sl: { flow: stateless } }
steps:
  - id: discover
    title: try a version
    exercise: Change the version to 1999-01-01 and send.
    send: { jsonrpc: "2.0", id: 1, method: server/discover, params: { _meta: { v: "2026-07-28" } } }
    expect:
      - { at: $.error.code, equals: -32022, pass: "The server refused the version.", fail: "It should refuse it." }
`;
  const WORDS_AFTER = `  - title: what it means
    text: The server checks the version of every request.
`;
  const LATER_SEND = `  - title: discover again
    send: { jsonrpc: "2.0", id: 1, method: server/discover, params: { _meta: { v: "2026-07-28" } } }
`;
  const strict: Reply = (m) => {
    const meta = (m.params as { _meta?: { v?: string } } | undefined)?._meta;
    return meta?.v === '2026-07-28'
      ? [{ jsonrpc: '2.0', id: m.id, result: {} }]
      : [{ jsonrpc: '2.0', id: m.id, error: { code: -32022, message: 'unsupported version' } }];
  };

  it('reports an edit that is not JSON and sends nothing', () => {
    const h = new Harness(tour(EXERCISE), { sl: strict });
    h.act({ type: 'edit', index: 0, text: '{"jsonrpc": "2.0",\n  "id": 1,,}' });
    expect(h.state.steps[0]?.editError).toBe("not JSON: line 2, column 11: ',' where a property name in double quotes should be");
    expect(previewStep(h.state, 0)).toEqual({ ok: false, error: h.state.steps[0]?.editError });
    expect(h.act({ type: 'next' })).toEqual([]);
    expect(h.state.steps[0]?.status).toBe('unsent');
    expect(h.state.target).toBeUndefined();
  });

  it("sends the learner's edit on one line, waits for its id and checks the outcome", () => {
    const h = new Harness(tour(EXERCISE), { sl: strict });
    const preview = previewStep(h.state, 0);
    if (!preview.ok) throw new Error(preview.error);
    h.act({ type: 'edit', index: 0, text: preview.text.replace('2026-07-28', '1999-01-01') });
    expect(h.state.steps[0]?.editError).toBeUndefined();
    h.act({ type: 'next' });
    expect(h.sent()).toEqual([{ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { v: '1999-01-01' } } }]);
    expect(h.state.steps[0]).toMatchObject({
      status: 'done',
      checks: [{ ok: true, text: 'The server refused the version.', detail: '$.error.code is -32022' }],
    });
  });

  it('an edit can be taken back, and a sent step cannot be edited', () => {
    const h = new Harness(tour(EXERCISE), { sl: strict });
    h.act({ type: 'edit', index: 0, text: 'nope' });
    h.act({ type: 'edit', index: 0, text: null });
    expect(h.state.steps[0]?.edited).toBeUndefined();
    h.act({ type: 'next' });
    expect(h.state.steps[0]?.checks).toEqual([
      { at: '$.error.code', ok: false, text: 'It should refuse it.', detail: '$.error.code is missing' },
    ]);
    h.act({ type: 'edit', index: 0, text: '{}' });
    expect(h.state.steps[0]?.edited).toBeUndefined();
  });

  it('a sent exercise can be tried again: edited and sent with a new id, its checks judged anew', () => {
    const h = new Harness(tour(EXERCISE + WORDS_AFTER), { sl: strict });
    h.act({ type: 'next' });
    expect(h.state.steps[0]?.checks?.[0]?.ok).toBe(false);
    expect(canRetry(h.state, 0)).toBe(true);
    h.act({ type: 'retry', index: 0 });
    expect(h.state.steps[0]).toEqual({ status: 'unsent' });
    const preview = previewStep(h.state, 0);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.id).toBe(2);
    h.act({ type: 'edit', index: 0, text: preview.text.replace('2026-07-28', '1999-01-01') });
    h.act({ type: 'next' });
    expect(h.sent().map((m) => (m as { id: unknown }).id)).toEqual([1, 2]);
    expect(h.state.steps[0]?.checks?.[0]).toMatchObject({ ok: true, text: 'The server refused the version.' });
  });

  it('a step cannot be tried again once a later one went out on its connection, nor before it was sent', () => {
    const h = new Harness(tour(EXERCISE + LATER_SEND), { sl: strict });
    expect(canRetry(h.state, 0)).toBe(false);
    h.act({ type: 'runTo', index: 1 });
    h.act({ type: 'next' });
    expect(h.state.steps[1]?.status).toBe('done');
    expect(canRetry(h.state, 0)).toBe(false);
    h.act({ type: 'retry', index: 0 });
    expect(h.state.steps[0]?.status).toBe('done');
    expect(canRetry(h.state, 1)).toBe(true);
  });
});

describe('player: failures, restart and figures', () => {
  it('a server that exits fails the waiting step, and later steps on it fail at once', () => {
    const h = new Harness(tour(HANDSHAKE), { hs: () => [] });
    h.act({ type: 'runTo', index: 4 });
    expect(h.status()).toEqual(['done', 'waiting', 'queued', 'queued', 'unsent']);
    h.act({ type: 'exited', connection: 'hs', reason: 'exited with code 1' });
    expect(h.state.steps[1]).toMatchObject({ status: 'failed', reason: 'the server exited: exited with code 1' });
    expect(h.status()).toEqual(['done', 'failed', 'unsent', 'unsent', 'unsent']);
    h.act({ type: 'goTo', index: 2 });
    h.act({ type: 'next' });
    expect(h.state.steps[2]).toMatchObject({
      status: 'failed',
      reason: 'the server of "hs" has exited (exited with code 1): restart the tour',
    });
    expect(h.sent()).toHaveLength(1);
  });

  it('a step the app gives up on fails with its reason', () => {
    const h = new Harness(tour(HANDSHAKE), { hs: () => [] });
    h.act({ type: 'goTo', index: 1 });
    h.act({ type: 'next' });
    h.act({ type: 'fail', index: 1, reason: 'no answer in 30 s' });
    expect(h.state.steps[1]).toMatchObject({ status: 'failed', reason: 'no answer in 30 s' });
    // A late answer changes nothing.
    h.act({ type: 'received', connection: 'hs', text: '{"jsonrpc":"2.0","id":1,"result":{}}' });
    expect(h.state.steps[1]?.status).toBe('failed');
    // Next moves past a failed step.
    h.act({ type: 'next' });
    expect(h.state.index).toBe(2);
  });

  it("restart stops this run's servers and starts over with fresh ids; lines of the old run are ignored", () => {
    const h = new Harness(tour(HANDSHAKE), { hs: echoServer });
    h.act({ type: 'runTo', index: 4 });
    expect(h.act({ type: 'restart' })).toEqual([{ kind: 'stopAll', run: 1 }]);
    expect(h.state).toMatchObject({ run: 2, index: 0, log: [] });
    expect(h.status()).toEqual(['unsent', 'unsent', 'unsent', 'unsent', 'unsent']);
    h.act({ type: 'received', connection: 'hs', text: '{"jsonrpc":"2.0","id":1,"result":{}}', run: 1 });
    expect(h.state.log).toEqual([]);
    h.effects = [];
    h.act({ type: 'runTo', index: 2 });
    expect(h.effects[0]).toMatchObject({ kind: 'launch', run: 2 });
    expect(h.sent()[0]).toMatchObject({ id: 1, method: 'initialize' });
    h.act({ type: 'exited', connection: 'hs', reason: 'old run', run: 1 });
    expect(h.state.connections.hs?.status).toBe('launched');
  });

  it("counts the tour's figures per connection as the Compare tab does", () => {
    const h = new Harness(tour(HANDSHAKE), { hs: echoServer });
    h.act({ type: 'runTo', index: 4 });
    const [hs] = tourFigures(h.state);
    const lines = h.state.log;
    const bytes = (dir: string) => lines.filter((l) => l.dir === dir).reduce((n, l) => n + new TextEncoder().encode(l.text).length + 1, 0);
    expect(hs).toEqual({
      connection: 'hs',
      flow: 'handshake',
      figures: {
        messages: 5,
        roundTrips: 2,
        bytesSent: bytes('sent'),
        bytesReceived: bytes('received'),
        ms: expect.any(Number) as unknown,
      },
    });
    // Each request was answered one action (10 ms on this clock) after it was sent.
    expect(hs?.figures.ms).toBe(20);
  });
});
