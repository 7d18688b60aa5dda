// ClientSession with a hand-driven clock: the exact lines it writes in each flow, what becomes
// of each request (result, error, timeout, cancel, close), server requests, multi round-trip
// requests and listen().
import { describe, expect, it } from 'vitest';

import {
  ClientSession,
  MAX_INPUT_ROUNDS,
  type ClientSessionOptions,
  type InputAnswers,
  type Outcome,
  type Timers,
} from './clientSession.js';
import { LATEST_HANDSHAKE_VERSION, META_KEYS, STATELESS_VERSION, type Flow, type Frame } from './flows.js';
import { classifyText, classifyValue, type JsonRpcId } from './jsonrpc.js';

/** A clock that only moves when told to; timers fire in deadline order. */
class ManualClock implements Timers {
  private time = 0;
  private nextHandle = 1;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  set(fn: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.time + ms, fn });
    return handle;
  }

  clear(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  now(): number {
    return this.time;
  }

  /** Timers still armed. */
  get armed(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    const target = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= target && (next === undefined || entry[1].at < next[1].at)) next = entry;
      if (next === undefined) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
    }
    this.time = target;
  }
}

const J = '2.0';
const CAPS = { elicitation: { form: {} } };
const CLIENT_INFO = { name: 'lens-test', version: '9.9.9' };

/** Lets queued promise callbacks (and the session's async server answers) run. */
const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** 'pending' while the promise has not settled. */
async function peek(done: Promise<Outcome>): Promise<Outcome | 'pending'> {
  await flush();
  return Promise.race([done, Promise.resolve('pending' as const)]);
}

interface Harness {
  session: ClientSession;
  clock: ManualClock;
  lines: string[];
  frames: () => Record<string, unknown>[];
  feed: (message: unknown) => void;
}

/**
 * A session writing into `lines`. `server`, when given, answers each line the session writes
 * (a scripted fake server); its replies arrive asynchronously, as from a real pipe.
 */
function harness(flow: Flow, options: Partial<ClientSessionOptions> = {}, server?: (frame: Record<string, unknown>) => unknown[]): Harness {
  const clock = new ManualClock();
  const lines: string[] = [];
  let id = 0;
  const session: ClientSession = new ClientSession({
    flow,
    protocolVersion: flow === 'stateless' ? STATELESS_VERSION : LATEST_HANDSHAKE_VERSION,
    send: (line) => {
      lines.push(line);
      const replies = server?.(JSON.parse(line) as Record<string, unknown>) ?? [];
      for (const reply of replies) queueMicrotask(() => session.onMessage(classifyValue(reply)));
    },
    nextId: () => ++id,
    timers: clock,
    ...options,
  });
  return {
    session,
    clock,
    lines,
    frames: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    feed: (message) => session.onMessage(typeof message === 'string' ? classifyText(message) : classifyValue(message)),
  };
}

/** The answers to one input_required round, as given. */
const answered_ = (responses: Record<string, unknown>): InputAnswers => ({ kind: 'answered', responses });

const cancelledLine = (id: JsonRpcId, reason: string): string =>
  `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${JSON.stringify(id)},"reason":${JSON.stringify(reason)}}}`;

describe('ClientSession: the request line in each flow', () => {
  it('handshake: params as given, no params member when there are none, no _meta', () => {
    const h = harness('handshake', { capabilities: CAPS, clientInfo: CLIENT_INFO });
    h.session.request('tools/list', undefined);
    h.session.request('tools/call', { name: 'echo', arguments: { message: 'hi' } }, { logLevel: 'debug' });
    expect(h.lines).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi"}}}',
    ]);
  });

  it('handshake: a progress token in _meta only when progress is asked for, keeping the caller _meta', () => {
    const h = harness('handshake');
    const { id } = h.session.request('tools/call', { name: 'slow', arguments: {}, _meta: { trace: 'x' } }, { onProgress: () => undefined });
    expect(id).toBe(1);
    expect(h.lines).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow","arguments":{},"_meta":{"trace":"x","progressToken":"p1-1"}}}',
    ]);
    h.session.request('tools/list', undefined, { onProgress: () => undefined });
    expect(h.lines[1]).toBe('{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"progressToken":"p2-2"}}}');
  });

  it('stateless: the _meta envelope on every request', () => {
    const h = harness('stateless', { capabilities: CAPS, clientInfo: CLIENT_INFO });
    h.session.request('tools/list', undefined);
    h.session.request('tools/call', { name: 'echo', arguments: { message: 'hi' } }, { logLevel: 'debug', onProgress: () => undefined });
    const envelope = `"${META_KEYS.protocolVersion}":"2026-07-28","${META_KEYS.clientCapabilities}":{"elicitation":{"form":{}}},"${META_KEYS.clientInfo}":{"name":"lens-test","version":"9.9.9"}`;
    expect(h.lines).toEqual([
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{${envelope}}}}`,
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi"},"_meta":{${envelope},"${META_KEYS.logLevel}":"debug","progressToken":"p1-2"}}}`,
    ]);
  });

  it('stateless: default capabilities and client info, or no client info when it is null', () => {
    const h = harness('stateless');
    h.session.request('tools/list', undefined);
    expect(h.lines[0]).toBe(
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"${META_KEYS.protocolVersion}":"2026-07-28","${META_KEYS.clientCapabilities}":{},"${META_KEYS.clientInfo}":{"name":"mcp-lens","version":"0.1.0"}}}}`,
    );
    const bare = harness('stateless', { clientInfo: null });
    bare.session.request('tools/list', undefined);
    expect(bare.lines[0]).toBe(
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"${META_KEYS.protocolVersion}":"2026-07-28","${META_KEYS.clientCapabilities}":{}}}}`,
    );
  });

  it('tells onSent the frame and the exact line before writing it', () => {
    const seen: [Frame, string, number][] = [];
    const h = harness('handshake');
    h.session.request('ping', undefined, { onSent: (frame, line) => seen.push([frame, line, h.lines.length]) });
    expect(seen).toEqual([[{ jsonrpc: J, id: 1, method: 'ping' }, '{"jsonrpc":"2.0","id":1,"method":"ping"}', 0]]);
    expect(h.lines).toEqual(['{"jsonrpc":"2.0","id":1,"method":"ping"}']);
  });

  it('notify writes a notification and returns its line', () => {
    const h = harness('handshake');
    expect(h.session.notify('notifications/initialized')).toBe('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    h.session.notify('notifications/roots/list_changed', {});
    expect(h.lines).toEqual([
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '{"jsonrpc":"2.0","method":"notifications/roots/list_changed","params":{}}',
    ]);
  });
});

describe('ClientSession: outcomes', () => {
  it('resolves each request with its own result or error', async () => {
    const h = harness('handshake');
    const first = h.session.request('tools/list', undefined);
    const second = h.session.request('tools/call', { name: 'nope' });
    h.feed({ jsonrpc: J, id: 2, error: { code: -32602, message: 'Unknown tool: nope' } });
    h.feed({ jsonrpc: J, id: 1, result: { tools: [] } });
    expect(await first.done).toEqual({ kind: 'result', id: 1, result: { tools: [] } });
    expect(await second.done).toEqual({ kind: 'error', id: 2, error: { code: -32602, message: 'Unknown tool: nope' } });
    expect(h.clock.armed).toBe(0);
  });

  it('keeps 1 and "1" apart, and ignores unknown ids, null-id errors and junk', async () => {
    const h = harness('handshake');
    const { done } = h.session.request('tools/list', undefined);
    h.feed({ jsonrpc: J, id: '1', result: { tools: ['wrong'] } });
    h.feed({ jsonrpc: J, id: 7, result: {} });
    h.feed({ jsonrpc: J, id: null, error: { code: -32700, message: 'Parse error' } });
    h.feed('not json at all');
    h.feed({ jsonrpc: J, method: 'notifications/message', params: { level: 'info', data: 'x' } });
    expect(await peek(done)).toBe('pending');
    h.feed({ jsonrpc: J, id: 1, result: { tools: [] } });
    expect(await done).toEqual({ kind: 'result', id: 1, result: { tools: [] } });
  });

  it('ends a request answered with an invalid response (both result and error) with what came and why', async () => {
    const h = harness('handshake');
    const { done } = h.session.request('tools/call', { name: 'x' });
    const other = h.session.request('tools/list', undefined);
    const answer = { jsonrpc: J, id: 1, result: { content: [] }, error: { code: -32603, message: 'both' } };
    h.feed(answer);
    expect(await peek(done)).toEqual({ kind: 'invalid', id: 1, reason: 'a response cannot carry both result and error', message: answer });
    expect(await peek(other.done)).toBe('pending');
    // Nothing was cancelled: the server did answer.
    expect(h.lines.some((line) => line.includes('notifications/cancelled'))).toBe(false);
  });

  it('gives a non-object result as an empty record', async () => {
    const h = harness('handshake');
    const { done } = h.session.request('ping', undefined);
    h.feed({ jsonrpc: J, id: 1, result: null });
    expect(await done).toEqual({ kind: 'result', id: 1, result: {} });
  });

  it('times out after timeoutMs with a visible notifications/cancelled', async () => {
    const h = harness('handshake');
    const { id, done } = h.session.request('tools/call', { name: 'slow' }, { timeoutMs: 1000 });
    h.clock.advance(999);
    expect(await peek(done)).toBe('pending');
    expect(h.lines).toHaveLength(1);
    h.clock.advance(1);
    expect(h.lines[1]).toBe(
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"timed out after 1000 ms"}}',
    );
    expect(await done).toEqual({ kind: 'timeout', id, afterMs: 1000 });
    expect(h.clock.armed).toBe(0);
    // The answer that comes too late changes nothing and writes nothing.
    h.feed({ jsonrpc: J, id: 1, result: {} });
    expect(h.lines).toHaveLength(2);
  });

  it('uses a 60 s idle timeout by default', async () => {
    const h = harness('handshake');
    const { done } = h.session.request('tools/list', undefined);
    h.clock.advance(59_999);
    expect(await peek(done)).toBe('pending');
    h.clock.advance(1);
    expect(await done).toEqual({ kind: 'timeout', id: 1, afterMs: 60_000 });
    expect(h.lines[1]).toBe(cancelledLine(1, 'timed out after 60000 ms'));
  });

  it('lets progress reset the idle timer, but the hard maximum still ends the request', async () => {
    const h = harness('handshake');
    const updates: unknown[] = [];
    const { done } = h.session.request(
      'tools/call',
      { name: 'slow' },
      { timeoutMs: 1000, maxTotalMs: 2500, onProgress: (u) => updates.push(u) },
    );
    const progress = (n: number, extra: Record<string, unknown> = {}): void =>
      h.feed({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'p1-1', progress: n, ...extra } });

    h.clock.advance(900);
    progress(1, { total: 3, message: 'step 1' });
    h.clock.advance(900); // 1800: past the first idle deadline
    expect(await peek(done)).toBe('pending');
    progress(2);
    h.clock.advance(600); // 2400
    progress(3, { total: 3 });
    expect(await peek(done)).toBe('pending');
    h.clock.advance(100); // 2500: the hard maximum
    expect(await done).toEqual({ kind: 'timeout', id: 1, afterMs: 2500 });
    expect(h.lines[1]).toBe(cancelledLine(1, 'timed out after 2500 ms'));
    expect(h.lines).toHaveLength(2);
    expect(updates).toEqual([{ progress: 1, total: 3, message: 'step 1' }, { progress: 2 }, { progress: 3, total: 3 }]);
    expect(h.clock.armed).toBe(0);

    // Progress for a finished request reaches nobody.
    progress(4);
    expect(updates).toHaveLength(3);
  });

  it('ignores progress that names another token or carries no number', async () => {
    const h = harness('handshake');
    const updates: unknown[] = [];
    const { done } = h.session.request('tools/call', { name: 'slow' }, { timeoutMs: 1000, onProgress: (u) => updates.push(u) });
    h.clock.advance(900);
    h.feed({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'p9-9', progress: 1 } });
    h.feed({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'p1-1', progress: 'half' } });
    h.feed({ jsonrpc: J, method: 'notifications/progress', params: { progress: 1 } });
    h.clock.advance(100);
    expect(await done).toEqual({ kind: 'timeout', id: 1, afterMs: 1000 });
    expect(updates).toEqual([]);
  });

  it('cancel() writes notifications/cancelled and resolves cancelled', async () => {
    const h = harness('handshake');
    const a = h.session.request('tools/call', { name: 'slow' });
    const b = h.session.request('tools/call', { name: 'slow' });
    h.session.cancel(a.id);
    h.session.cancel(b.id, 'changed my mind');
    expect(h.lines.slice(2)).toEqual([cancelledLine(1, 'cancelled by the user'), cancelledLine(2, 'changed my mind')]);
    expect(await a.done).toEqual({ kind: 'cancelled', id: 1, reason: 'cancelled by the user' });
    expect(await b.done).toEqual({ kind: 'cancelled', id: 2, reason: 'changed my mind' });
    expect(h.clock.armed).toBe(0);

    // Nothing to cancel any more: nothing written.
    h.session.cancel(a.id);
    h.session.cancel('never-sent');
    expect(h.lines).toHaveLength(4);
  });

  it('close() resolves everything in flight as closed, and writes nothing', async () => {
    const h = harness('handshake');
    const a = h.session.request('tools/list', undefined);
    const b = h.session.request('tools/call', { name: 'slow' }, { onProgress: () => undefined });
    h.session.close('the server exited (code 1)');
    expect(await a.done).toEqual({ kind: 'closed', id: 1, reason: 'the server exited (code 1)' });
    expect(await b.done).toEqual({ kind: 'closed', id: 2, reason: 'the server exited (code 1)' });
    expect(h.lines).toHaveLength(2);
    expect(h.clock.armed).toBe(0);
  });
});

describe('ClientSession: requests from the server', () => {
  it('answers ping by itself, with the same id', async () => {
    const h = harness('handshake');
    h.feed({ jsonrpc: J, id: 'srv-7', method: 'ping' });
    h.feed({ jsonrpc: J, id: 0, method: 'ping' });
    await flush();
    expect(h.lines).toEqual(['{"jsonrpc":"2.0","id":"srv-7","result":{}}', '{"jsonrpc":"2.0","id":0,"result":{}}']);
  });

  it('passes elicitation/create to onServerRequest and writes its answer with the server id', async () => {
    const asked: [string, Record<string, unknown>][] = [];
    const h = harness('handshake', {
      onServerRequest: async (method, params) => {
        asked.push([method, params]);
        return { result: { action: 'accept', content: { confirm: true } } };
      },
    });
    const params = { mode: 'form', message: 'Really?', requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } };
    h.feed({ jsonrpc: J, id: 0, method: 'elicitation/create', params });
    h.feed({ jsonrpc: J, id: 'e-1', method: 'elicitation/create', params });
    await flush();
    expect(asked).toEqual([
      ['elicitation/create', params],
      ['elicitation/create', params],
    ]);
    expect(h.lines).toEqual([
      '{"jsonrpc":"2.0","id":0,"result":{"action":"accept","content":{"confirm":true}}}',
      '{"jsonrpc":"2.0","id":"e-1","result":{"action":"accept","content":{"confirm":true}}}',
    ]);
  });

  it('writes the error the handler gives, and -32603 when the handler throws', async () => {
    const h = harness('handshake', {
      onServerRequest: async (method) => {
        if (method === 'sampling/createMessage') throw new Error('no model here');
        return { error: { code: -32602, message: 'declined' } };
      },
    });
    h.feed({ jsonrpc: J, id: 3, method: 'roots/list' });
    h.feed({ jsonrpc: J, id: 4, method: 'sampling/createMessage', params: {} });
    await flush();
    expect(h.lines).toEqual([
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"declined"}}',
      '{"jsonrpc":"2.0","id":4,"error":{"code":-32603,"message":"no model here"}}',
    ]);
  });

  it('answers -32601 without a handler', async () => {
    const h = harness('handshake');
    h.feed({ jsonrpc: J, id: 0, method: 'elicitation/create', params: { message: 'hi' } });
    await flush();
    expect(h.lines).toEqual([
      '{"jsonrpc":"2.0","id":0,"error":{"code":-32601,"message":"this client does not handle elicitation/create"}}',
    ]);
  });
});

describe('ClientSession: requests from the server in the stateless flow', () => {
  it('answers none of them, not even ping, and flags each once', async () => {
    const flags: string[] = [];
    let asked = 0;
    const h = harness('stateless', {
      onFlag: (text) => flags.push(text),
      onServerRequest: async () => {
        asked++;
        return { result: {} };
      },
    });
    h.feed({ jsonrpc: J, id: 0, method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } });
    h.feed({ jsonrpc: J, id: 'p', method: 'ping' });
    await flush();
    expect(h.lines).toEqual([]);
    expect(asked).toBe(0);
    expect(flags).toEqual([
      'the server sent a request (sampling/createMessage, id 0) in the stateless flow, where servers must not send requests (2026-07-28): recorded, not answered',
      'the server sent a request (ping, id "p") in the stateless flow, where servers must not send requests (2026-07-28): recorded, not answered',
    ]);
  });

  it('a request in flight is not disturbed by one', async () => {
    const h = harness('stateless');
    const { done } = h.session.request('tools/list', undefined);
    h.feed({ jsonrpc: J, id: 1, method: 'roots/list' });
    await flush();
    expect(h.lines).toHaveLength(1);
    expect(await peek(done)).toBe('pending');
    h.feed({ jsonrpc: J, id: 1, result: { tools: [] } });
    expect(await done).toMatchObject({ kind: 'result', id: 1 });
  });
});

describe('ClientSession: requestWithInput (stateless multi round-trip)', () => {
  // Unicode, quotes, backslashes, a control character and an astral symbol.
  const REQUEST_STATE = 'état "opaque" \\ ☃ \n\t\u0001 😀 {"k":[1,2]}';
  const INPUT_REQUESTS = {
    confirm: {
      method: 'elicitation/create',
      params: { mode: 'form', message: 'Delete the cache?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
  };

  it('answers input_required and retries with a new id, the answers and requestState as the server gave it', async () => {
    const serverLines: string[] = [];
    const h = harness('stateless', { capabilities: CAPS }, (frame) => {
      const params = frame.params as Record<string, unknown>;
      const line =
        params.requestState === undefined
          ? // Written by hand, with escapes a JSON encoder would not choose itself.
            `{"jsonrpc":"2.0","id":${JSON.stringify(frame.id)},"result":{"resultType":"input_required","inputRequests":${JSON.stringify(INPUT_REQUESTS)},"requestState":"\\u00e9tat \\"opaque\\" \\\\ \\u2603 \\n\\t\\u0001 \\ud83d\\ude00 {\\"k\\":[1,2]}"}}`
          : JSON.stringify({ jsonrpc: J, id: frame.id, result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }] } });
      serverLines.push(line);
      return [JSON.parse(line)];
    });
    const answered: unknown[] = [];
    const rounds: [number, JsonRpcId][] = [];
    const outcome = await h.session.requestWithInput(
      'tools/call',
      { name: 'confirm_action', arguments: { action: 'delete the cache' } },
      async (requests) => {
        answered.push(requests);
        return answered_({ confirm: { action: 'accept', content: { ok: true } } });
      },
      {},
      (round, id) => rounds.push([round, id]),
    );

    // The state the server wrote, decoded, is the string we expect (the hand-written escapes).
    expect((JSON.parse(serverLines[0] ?? '') as { result: { requestState: string } }).result.requestState).toBe(REQUEST_STATE);
    expect(answered).toEqual([INPUT_REQUESTS]);
    expect(rounds).toEqual([
      [1, 1],
      [2, 2],
    ]);
    const [first, retry] = h.frames() as unknown as [Frame, Frame];
    expect(h.lines).toHaveLength(2);
    expect(first.id).toBe(1);
    expect(retry.id).toBe(2);
    expect(retry.method).toBe('tools/call');
    const { _meta: firstMeta, ...firstParams } = first.params ?? {};
    const { _meta: retryMeta, ...retryParams } = retry.params ?? {};
    expect(retryMeta).toEqual(firstMeta);
    expect(retryParams).toEqual({
      ...firstParams,
      inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      requestState: REQUEST_STATE,
    });
    expect(retry.params?.requestState).toBe(REQUEST_STATE);
    expect(h.lines[1]).toContain(`"requestState":${JSON.stringify(REQUEST_STATE)}`);
    expect(outcome).toEqual({ kind: 'result', id: 2, result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }] } });
  });

  it('does not carry old answers or an old state into a later round', async () => {
    let round = 0;
    const h = harness('stateless', {}, (frame) => {
      round++;
      const result =
        round === 1
          ? { resultType: 'input_required', inputRequests: { a: { method: 'elicitation/create', params: {} } }, requestState: 's1' }
          : round === 2
            ? { resultType: 'input_required', inputRequests: { b: { method: 'elicitation/create', params: {} } } }
            : { resultType: 'complete', content: [] };
      return [{ jsonrpc: J, id: frame.id, result }];
    });
    const outcome = await h.session.requestWithInput(
      'tools/call',
      { name: 't', arguments: {}, inputResponses: { stale: true }, requestState: 'stale' },
      async (requests) => answered_(Object.fromEntries(Object.keys(requests).map((k) => [k, { action: 'accept' }]))),
    );
    const params = h.frames().map((f) => {
      const { _meta, ...rest } = f.params as Record<string, unknown>;
      return rest;
    });
    expect(params).toEqual([
      { name: 't', arguments: {}, inputResponses: { stale: true }, requestState: 'stale' },
      { name: 't', arguments: {}, inputResponses: { a: { action: 'accept' } }, requestState: 's1' },
      { name: 't', arguments: {}, inputResponses: { b: { action: 'accept' } } },
    ]);
    expect(outcome).toMatchObject({ kind: 'result', id: 3 });
  });

  it('retries without asking when input_required names no questions', async () => {
    const h = harness('stateless', {}, (frame) => {
      const retried = 'requestState' in (frame.params as Record<string, unknown>);
      return [
        { jsonrpc: J, id: frame.id, result: retried ? { resultType: 'complete' } : { resultType: 'input_required', requestState: 'x' } },
      ];
    });
    let asked = 0;
    const outcome = await h.session.requestWithInput('prompts/get', { name: 'p' }, async () => {
      asked++;
      return answered_({});
    });
    expect(asked).toBe(0);
    expect((h.frames()[1]?.params as Record<string, unknown>).inputResponses).toEqual({});
    expect(outcome).toEqual({ kind: 'result', id: 2, result: { resultType: 'complete' } });
  });

  it(`stops after ${MAX_INPUT_ROUNDS} rounds with the last input_required`, async () => {
    const h = harness('stateless', {}, (frame) => [
      {
        jsonrpc: J,
        id: frame.id,
        result: {
          resultType: 'input_required',
          inputRequests: { again: { method: 'elicitation/create', params: {} } },
          requestState: `s${String(frame.id)}`,
        },
      },
    ]);
    let asked = 0;
    const outcome = await h.session.requestWithInput('tools/call', { name: 'loop' }, async () => {
      asked++;
      return answered_({ again: { action: 'accept' } });
    });
    expect(h.lines).toHaveLength(MAX_INPUT_ROUNDS);
    expect(new Set(h.frames().map((f) => f.id)).size).toBe(MAX_INPUT_ROUNDS);
    expect(asked).toBe(MAX_INPUT_ROUNDS - 1);
    expect(outcome).toMatchObject({
      kind: 'result',
      id: MAX_INPUT_ROUNDS,
      result: { resultType: 'input_required' },
      unfinished: `still input_required after ${MAX_INPUT_ROUNDS} rounds; gave up without a final result`,
    });
  });

  it('a declined question ends the request without a retry: the input_required result, marked unfinished', async () => {
    const h = harness('stateless', {}, (frame) => [
      {
        jsonrpc: J,
        id: frame.id,
        result: {
          resultType: 'input_required',
          inputRequests: { think: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } } },
          requestState: 'st',
        },
      },
    ]);
    const outcome = await h.session.requestWithInput('tools/call', { name: 'ask_model' }, async () => ({
      kind: 'declined',
      reason: 'declined sampling/createMessage ("think")',
    }));
    expect(h.lines).toHaveLength(1);
    expect(outcome).toMatchObject({
      kind: 'result',
      id: 1,
      result: { resultType: 'input_required' },
      unfinished: 'declined sampling/createMessage ("think")',
    });
  });

  it('a final result carries no unfinished mark', async () => {
    const h = harness('stateless', {}, (frame) => [{ jsonrpc: J, id: frame.id, result: { resultType: 'complete' } }]);
    const outcome = await h.session.requestWithInput('tools/call', { name: 't' }, async () => answered_({}));
    expect(outcome).toEqual({ kind: 'result', id: 1, result: { resultType: 'complete' } });
  });

  it('returns an error or a timeout of any round as it is', async () => {
    const h = harness('stateless', {}, (frame) =>
      frame.id === 1
        ? [{ jsonrpc: J, id: 1, result: { resultType: 'input_required', inputRequests: { q: {} }, requestState: 'z' } }]
        : [{ jsonrpc: J, id: frame.id, error: { code: -32602, message: 'bad inputResponses' } }],
    );
    const outcome = await h.session.requestWithInput('tools/call', { name: 't' }, async () => answered_({ q: 1 }));
    expect(outcome).toEqual({ kind: 'error', id: 2, error: { code: -32602, message: 'bad inputResponses' } });

    const silent = harness('stateless');
    const pending = silent.session.requestWithInput('tools/call', { name: 't' }, async () => answered_({}), { timeoutMs: 50 });
    silent.clock.advance(50);
    expect(await pending).toEqual({ kind: 'timeout', id: 1, afterMs: 50 });
  });
});

describe('ClientSession: listen', () => {
  it('stateless: one subscriptions/listen left open, never timed out, ended by cancel', async () => {
    const h = harness('stateless', { clientInfo: null });
    const listens = h.session.listen({ toolsListChanged: true, resourceSubscriptions: ['file:///a'] });
    expect(listens).toHaveLength(1);
    const [listen] = listens as [{ id: JsonRpcId; done: Promise<Outcome> }];
    expect(h.lines).toEqual([
      `{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true,"resourceSubscriptions":["file:///a"]},"_meta":{"${META_KEYS.protocolVersion}":"2026-07-28","${META_KEYS.clientCapabilities}":{}}}}`,
    ]);
    expect(h.clock.armed).toBe(0);
    h.clock.advance(24 * 3600_000);
    expect(await peek(listen.done)).toBe('pending');
    expect(h.lines).toHaveLength(1);
    h.session.cancel(listen.id);
    expect(h.lines[1]).toBe(cancelledLine(1, 'cancelled by the user'));
    expect(await listen.done).toMatchObject({ kind: 'cancelled', id: 1 });
  });

  it('handshake: one resources/subscribe per URI, and nothing else', async () => {
    const h = harness('handshake');
    const listens = h.session.listen({ toolsListChanged: true, resourceSubscriptions: ['file:///a', 'info://b'] });
    expect(listens.map((l) => l.id)).toEqual([1, 2]);
    expect(h.lines).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"file:///a"}}',
      '{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"info://b"}}',
    ]);
    h.feed({ jsonrpc: J, id: 1, result: {} });
    expect(await listens[0]?.done).toEqual({ kind: 'result', id: 1, result: {} });
    expect(h.session.listen({ toolsListChanged: true })).toEqual([]);
    expect(h.lines).toHaveLength(2);
  });
});
