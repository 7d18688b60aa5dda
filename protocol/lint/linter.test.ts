// The Linter as a whole: clean transcripts of both flows yield nothing, and the per-connection
// state (flow, initialized, tools, requests) follows notes, inference and respawns.
import { describe, expect, it } from 'vitest';

import type { BridgeEvent } from '../envelope.js';
import { ExchangeTracker } from '../exchanges.js';
import { Linter } from './linter.js';
import { DEMO_HANDSHAKE, DEMO_STATELESS, type Direction } from './testing/demoTranscripts.js';
import { Transcript, lint, rulesOf } from './testing/transcript.js';

const J = '2.0';

function replay(transcript: Transcript, lines: ReadonlyArray<readonly [Direction, string]>): Transcript {
  for (const [direction, line] of lines) {
    if (direction === 'send') transcript.send(line);
    else transcript.recv(line);
  }
  return transcript;
}

const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'demo', version: '1.2.0' } };

const DEPLOY_TOOL = {
  name: 'deploy',
  title: 'Deploy',
  inputSchema: { type: 'object', properties: { env: { type: 'string', enum: ['staging', 'prod'] } }, required: ['env'] },
  outputSchema: { type: 'object', properties: { deployed: { type: 'boolean' } }, required: ['deployed'] },
};

describe('clean transcripts yield no findings at all', () => {
  it('handshake flow, real demo server lines, with the app notes', () => {
    const t = new Transcript().connectStart('handshake').spawn().stderr('mcp-lens-demo: ready on stdio (pid 4242)');
    replay(t, DEMO_HANDSHAKE.slice(0, 3)).connectDone('handshake', '2025-11-25');
    replay(t, DEMO_HANDSHAKE.slice(3));
    expect(lint(t.events)).toEqual([]);
  });

  it('handshake flow, real demo server lines, flow inferred from initialize', () => {
    expect(lint(replay(new Transcript().spawn(), DEMO_HANDSHAKE).events)).toEqual([]);
  });

  it('stateless flow, real demo server lines (discover, input_required and retry), with the app notes', () => {
    const t = new Transcript().connectStart('auto').spawn();
    replay(t, DEMO_STATELESS.slice(0, 2)).connectDone('stateless', '2026-07-28');
    replay(t, DEMO_STATELESS.slice(2));
    expect(lint(t.events)).toEqual([]);
  });

  it('stateless flow, real demo server lines, flow inferred from the envelope', () => {
    expect(lint(replay(new Transcript().spawn(), DEMO_STATELESS).events)).toEqual([]);
  });

  it('handshake flow as in the protocol digest: initialize, initialized, tools/list, tools/call', () => {
    const t = new Transcript()
      .spawn()
      .send({
        jsonrpc: J,
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } },
          clientInfo: { name: 'mcp-debugger', version: '0.1.0' },
        },
      })
      .recv({
        result: {
          protocolVersion: '2025-11-25',
          capabilities: { tools: { listChanged: true }, logging: {} },
          serverInfo: { name: 'mcp-servers/everything', title: 'Everything Reference Server', version: '2.0.0' },
        },
        jsonrpc: J,
        id: 1,
      })
      .send({ jsonrpc: J, method: 'notifications/initialized' })
      .recv({ method: 'notifications/tools/list_changed', jsonrpc: J })
      .recv({ method: 'roots/list', jsonrpc: J, id: 0 })
      .send({ jsonrpc: J, id: 0, result: { roots: [{ uri: 'file:///tmp', name: 'tmp' }] } })
      .recv({
        jsonrpc: J,
        method: 'notifications/message',
        params: { level: 'info', logger: 'everything-server', data: 'Roots updated: 1 root(s) received from client' },
      })
      .send({ jsonrpc: J, id: 2, method: 'tools/list' })
      .recv({
        result: {
          tools: [
            DEPLOY_TOOL,
            {
              name: 'echo',
              inputSchema: {
                $schema: 'http://json-schema.org/draft-07/schema#',
                type: 'object',
                properties: { message: { type: 'string' } },
              },
              execution: { taskSupport: 'forbidden' },
            },
          ],
        },
        jsonrpc: J,
        id: 2,
      })
      .send({ jsonrpc: J, id: 3, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hello' } } })
      .recv({ result: { content: [{ type: 'text', text: 'Echo: hello' }] }, jsonrpc: J, id: 3 })
      .send({
        jsonrpc: J,
        id: 4,
        method: 'tools/call',
        params: { name: 'deploy', arguments: { env: 'prod' }, _meta: { progressToken: 'p4' } },
      })
      .recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'p4', progress: 1, total: 2 } })
      .recv({
        jsonrpc: J,
        id: 4,
        result: { content: [{ type: 'text', text: '{"deployed":true}' }], structuredContent: { deployed: true } },
      })
      .send({ jsonrpc: J, id: 'p1', method: 'ping' })
      .recv({ jsonrpc: J, id: 'p1', result: {} });
    expect(lint(t.events)).toEqual([]);
  });

  it('stateless flow as in the protocol digest: discover, tools/list, tools/call, input_required, retry', () => {
    const t = new Transcript()
      .spawn()
      .sendStateless('d1', 'server/discover')
      .recv({
        jsonrpc: J,
        id: 'd1',
        result: {
          resultType: 'complete',
          supportedVersions: ['2026-07-28'],
          capabilities: { tools: { listChanged: true } },
          ttlMs: 0,
          cacheScope: 'private',
          _meta: SERVER_INFO,
        },
      })
      .sendStateless(7, 'tools/list')
      .recv({
        jsonrpc: J,
        id: 7,
        result: { resultType: 'complete', tools: [DEPLOY_TOOL], ttlMs: 300000, cacheScope: 'public', _meta: SERVER_INFO },
      })
      .sendStateless(5, 'tools/call', { name: 'deploy', arguments: { env: 'prod' } })
      .recv({
        jsonrpc: J,
        id: 5,
        result: {
          resultType: 'input_required',
          inputRequests: {
            ok: {
              method: 'elicitation/create',
              params: {
                mode: 'form',
                message: 'Deploy prod?',
                requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
              },
            },
          },
          requestState: 'opaque-blob',
        },
      })
      .sendStateless(6, 'tools/call', {
        name: 'deploy',
        arguments: { env: 'prod' },
        inputResponses: { ok: { action: 'accept', content: { ok: true } } },
        requestState: 'opaque-blob',
      })
      .recv({
        jsonrpc: J,
        id: 6,
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: '{"deployed":true}' }],
          structuredContent: { deployed: true },
          _meta: SERVER_INFO,
        },
      })
      .sendStateless(8, 'subscriptions/listen', { notifications: { toolsListChanged: true } })
      .recv({
        jsonrpc: J,
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: { toolsListChanged: true }, _meta: { 'io.modelcontextprotocol/subscriptionId': 8 } },
      })
      .send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 8 } });
    expect(lint(t.events)).toEqual([]);
  });
});

describe('the flow of a connection', () => {
  const listChangedEarly = (t: Transcript): Transcript =>
    t
      .send({
        jsonrpc: J,
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      })
      .recv({
        jsonrpc: J,
        id: 1,
        result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 's', version: '1' } },
      })
      .recv({ jsonrpc: J, method: 'notifications/tools/list_changed' });

  it('takes the choice of connect.start over what the wire suggests', () => {
    expect(rulesOf(lint(listChangedEarly(new Transcript().spawn()).events))).toEqual(['server-before-initialized']);
    const stateless = listChangedEarly(new Transcript().connectStart('stateless').spawn());
    // In the stateless flow initialize lacks the envelope (its result is a 2025-11-25 message
    // and needs no resultType), and a change notification belongs on a subscriptions/listen stream.
    expect(rulesOf(lint(stateless.events))).toEqual(['stateless-missing-envelope', 'stateless-unrequested-notification']);
  });

  it('takes the outcome of connect.done over the inferred flow', () => {
    const t = new Transcript()
      .connectStart('auto')
      .spawn()
      .sendStateless(1, 'tools/list')
      .connectDone('handshake', '2025-11-25')
      .recv({ jsonrpc: J, id: 1, result: { tools: [] } });
    expect(lint(t.events)).toEqual([]);
  });

  it('follows the auto probe falling back to initialize on the same process', () => {
    const t = new Transcript()
      .connectStart('auto')
      .spawn()
      .sendStateless(1, 'server/discover')
      .recv({ jsonrpc: J, id: 1, error: { code: -32601, message: 'Method not found' } })
      .send({
        jsonrpc: J,
        id: 2,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      })
      .recv({ jsonrpc: J, id: 2, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } })
      .send({ jsonrpc: J, method: 'notifications/initialized' })
      .send({ jsonrpc: J, id: 3, method: 'tools/list' })
      .recv({ jsonrpc: J, id: 3, result: { tools: [] } })
      .connectDone('handshake', '2025-11-25');
    expect(lint(t.events)).toEqual([]);
  });

  const INITIALIZE = {
    jsonrpc: J,
    id: 2,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  };
  const UNSUPPORTED = {
    jsonrpc: J,
    id: 2,
    error: {
      code: -32022,
      message: 'Unsupported protocol version: 2025-11-25',
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    },
  };
  const DISCOVERED = {
    resultType: 'complete',
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: {} },
    ttlMs: 0,
    cacheScope: 'private',
    _meta: SERVER_INFO,
  };

  it('accepts -32022 in answer to initialize: that is how a modern-only server answers it', () => {
    // The auto probe timed out (a slow start), so initialize went out; and a handshake chosen by hand.
    const auto = new Transcript().connectStart('auto').spawn().sendStateless(1, 'server/discover').send(INITIALIZE).recv(UNSUPPORTED);
    expect(lint(auto.events)).toEqual([]);
    const chosen = new Transcript().connectStart('handshake').spawn().send(INITIALIZE).recv(UNSUPPORTED);
    expect(lint(chosen.events)).toEqual([]);
  });

  it('judges a discover result that arrives after initialize went out as the 2026-07-28 result it is', () => {
    const late = new Transcript()
      .connectStart('auto')
      .spawn()
      .sendStateless(1, 'server/discover')
      .send(INITIALIZE)
      .recv({ jsonrpc: J, id: 1, result: DISCOVERED })
      .recv(UNSUPPORTED)
      .connectDone('stateless', '2026-07-28');
    expect(lint(late.events)).toEqual([]);
    // A dual-era server answers both; the initialize result is a 2025-11-25 message all the same.
    const dual = new Transcript()
      .connectStart('auto')
      .spawn()
      .sendStateless(1, 'server/discover')
      .send(INITIALIZE)
      .recv({ jsonrpc: J, id: 1, result: DISCOVERED })
      .connectDone('stateless', '2026-07-28')
      .recv({
        jsonrpc: J,
        id: 2,
        result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
      });
    expect(lint(dual.events)).toEqual([]);
    const { resultType: _dropped, ...legacyShaped } = DISCOVERED;
    const bad = new Transcript()
      .connectStart('auto')
      .spawn()
      .sendStateless(1, 'server/discover')
      .send(INITIALIZE)
      .recv({ jsonrpc: J, id: 1, result: legacyShaped });
    expect(rulesOf(lint(bad.events))).toEqual(['stateless-result-type-missing']);
  });

  it('forgets the process on spawn but keeps the chosen flow', () => {
    const t = new Transcript()
      .spawn()
      .sendStateless(1, 'tools/list')
      .recv({ jsonrpc: J, id: 1, result: { resultType: 'complete', tools: [DEPLOY_TOOL], ttlMs: 0, cacheScope: 'private' } })
      .exit()
      .spawn()
      // A new process: legacy now, and deploy's outputSchema is no longer known.
      .handshake()
      .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'deploy', arguments: { env: 'prod' } } })
      .recv({ jsonrpc: J, id: 1, result: { content: [{ type: 'text', text: 'ok' }] } });
    expect(lint(t.events)).toEqual([]);

    const chosen = new Transcript().connectStart('stateless').spawn().exit().spawn().send({ jsonrpc: J, id: 1, method: 'tools/list' });
    expect(rulesOf(lint(chosen.events))).toEqual(['stateless-missing-envelope']);
  });

  it('keeps connections apart', () => {
    const a = new Transcript('a')
      .spawn()
      .sendStateless(1, 'tools/list')
      .recv({ jsonrpc: J, id: 1, result: { tools: [] } }).events;
    const b = new Transcript('b').spawn().handshake().recv({ jsonrpc: J, id: 1, result: {} }).events;
    // Interleaved and renumbered as one journal would hold them.
    const events: BridgeEvent[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      for (const e of [a[i], b[i]]) if (e) events.push({ ...e, seq: events.length });
    }
    expect(lint(events).map((f) => [f.conn, f.rule])).toEqual([
      ['a', 'stateless-result-type-missing'],
      ['a', 'stateless-cache-fields'],
      ['b', 'response-unknown-id'],
    ]);
  });
});

describe('tools across tools/list pages and refreshes', () => {
  const call = (t: Transcript, id: number, name: string): Transcript =>
    t
      .send({ jsonrpc: J, id, method: 'tools/call', params: { name, arguments: { env: 'prod' } } })
      .recv({ jsonrpc: J, id, result: { content: [{ type: 'text', text: 'ok' }] } });

  it('adds a page fetched with a cursor to what the first page listed', () => {
    const t = new Transcript()
      .spawn()
      .handshake()
      .send({ jsonrpc: J, id: 1, method: 'tools/list' })
      .recv({ jsonrpc: J, id: 1, result: { tools: [DEPLOY_TOOL], nextCursor: 'p2' } })
      .send({ jsonrpc: J, id: 2, method: 'tools/list', params: { cursor: 'p2' } })
      .recv({ jsonrpc: J, id: 2, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } });
    expect(rulesOf(lint(call(t, 3, 'deploy').events))).toEqual(['tool-structured-content-missing']);
  });

  it('replaces the tools on a fresh tools/list', () => {
    const t = new Transcript()
      .spawn()
      .handshake()
      .send({ jsonrpc: J, id: 1, method: 'tools/list' })
      .recv({ jsonrpc: J, id: 1, result: { tools: [DEPLOY_TOOL] } })
      .send({ jsonrpc: J, id: 2, method: 'tools/list' })
      .recv({ jsonrpc: J, id: 2, result: { tools: [{ ...DEPLOY_TOOL, outputSchema: undefined }] } });
    expect(lint(call(t, 3, 'deploy').events)).toEqual([]);
  });
});

describe('Linter.apply', () => {
  it('returns the findings of each event and keeps them all in findings', () => {
    const events = new Transcript().spawn().recv('oops').stderr('not linted').recv('[]').events;
    const tracker = new ExchangeTracker();
    const linter = new Linter();
    const returned = events.map((e) => linter.apply(e, tracker.apply(e)).map((f) => f.rule));
    expect(returned).toEqual([[], ['stdout-non-json'], [], ['jsonrpc-batch']]);
    expect(linter.findings.map((f) => f.seq)).toEqual([1, 3]);
  });

  it('ignores bridge-wide events and lines it is given no message for', () => {
    const linter = new Linter();
    expect(linter.apply({ kind: 'notice', seq: 0, t: 0, level: 'info', message: 'hi' }, undefined)).toEqual([]);
    expect(linter.apply({ kind: 'line', seq: 1, t: 0, conn: 'c', stream: 'stdout', text: 'x', eol: '\n', size: 1 }, undefined)).toEqual([]);
    expect(linter.findings).toEqual([]);
  });
});
