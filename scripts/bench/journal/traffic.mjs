// What happens on a connection, step by step: connecting in either flow, and the calls a user
// makes from the panels (each queued on the schedule at the times its lines would cross the
// pipe). Every step is tagged so the census counts what was actually journaled: a crash or the
// end of the session cuts steps that never happen.
import { TOOLS as TOOLS_LIST, clientWire, connectNotes, serverWire } from './wire.mjs';
import { lineEvent } from './writer.mjs';

const DEMO = { command: '/usr/bin/node', args: ['/home/user/mcp-lens/dist/node/demo/server.js'], env: {} };

/** A connection as the app names it (`c<n>-<4 chars>`) with its wire dialects and counters. */
export function newConnection(n, flow, rand) {
  const suffix = Math.floor(rand() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return {
    conn: `c${n}-${suffix}`,
    flow,
    gen: 0,
    pid: 0,
    nextId: 1,
    nextServerId: 0,
    nextToken: 1,
    live: false,
    client: clientWire(flow),
    server: serverWire(flow),
  };
}

/**
 * Helpers bound to one session: `line(t, c, stream, payload, tags, eol)` and `event(t, c,
 * event, tags)` queue a step owned by `c` (dropped if `c` restarts before it happens).
 */
export function stepsFor(sched) {
  const queue = (t, c, make, tags) => sched.push(t, c, () => ({ event: make(), tags }));
  return {
    line: (t, c, stream, payload, tags = [], eol = '\n') =>
      queue(t, c, () => lineEvent(c.conn, stream, typeof payload === 'function' ? payload() : payload, eol), tags),
    event: (t, c, make, tags = []) => queue(t, c, make, tags),
    note: (t, c, topic, data) => queue(t, c, () => ({ kind: 'note', topic, data, conn: c.conn }), ['note']),
  };
}

const era = (c) => (c.flow === 'stateless' ? 'modern' : 'legacy');
const ms = (rand, lo, hi) => lo + rand() * (hi - lo);

/** Spawns `c` and runs its opening requests; returns when the panels could start using it. */
export function connect(s, c, t, rand, pid) {
  const { line, event, note } = s;
  c.gen++;
  c.nextId = 1;
  c.nextServerId = 0;
  c.live = true;
  c.pid = pid;
  note(t, c, 'connect.start', connectNotes.start(c.flow));
  t += ms(rand, 10, 50);
  event(t, c, () => ({ kind: 'spawn', conn: c.conn, config: DEMO, pid, label: 'MCP Lens demo server' }), ['process']);
  const ready = t + ms(rand, 600, 1400);
  line(ready, c, 'stderr', `mcp-lens-demo: ready on stdio (pid ${pid})`, ['stderr']);
  t += ms(rand, 20, 60);
  if (c.flow === 'handshake') {
    line(t, c, 'stdin', c.client.initialize(c.nextId++), ['request', 'method:initialize']);
    t = ready + ms(rand, 50, 300);
    line(t, c, 'stdout', c.server.initializeResult(1), ['status:ok']);
    t += ms(rand, 5, 30);
    line(t, c, 'stdin', c.client.notification('notifications/initialized'), ['notification']);
    note(t + 1, c, 'connect.done', connectNotes.done('handshake'));
  } else {
    note(t, c, 'connect.step', connectNotes.step('stateless flow: no handshake; server/discover asks who the server is'));
    line(t, c, 'stdin', c.client.request(c.nextId++, 'server/discover'), ['request', 'method:server/discover']);
    t = ready + ms(rand, 50, 300);
    line(t, c, 'stdout', c.server.discoverResult(1), ['status:ok']);
    note(t + 2, c, 'connect.done', connectNotes.done('stateless'));
  }
  t += ms(rand, 50, 200);
  const listId = c.nextId++;
  line(t, c, 'stdin', c.client.request(listId, 'tools/list'), ['request', 'method:tools/list']);
  if (c.flow === 'stateless') {
    // The app keeps a subscription stream open for list changes: a request that never ends.
    const listen = c.nextId++;
    line(t + 6, c, 'stdin', c.client.request(listen, 'subscriptions/listen', { notifications: { toolsListChanged: true } }), [
      'request',
      'method:subscriptions/listen',
    ]);
    line(
      t + 60,
      c,
      'stdout',
      c.server.notification('notifications/subscriptions/acknowledged', {
        notifications: { toolsListChanged: true },
        _meta: { 'io.modelcontextprotocol/subscriptionId': listen },
      }),
      ['notification'],
    );
  }
  t += ms(rand, 20, 60);
  line(t, c, 'stdout', c.server.result(listId, { tools: TOOLS_LIST }, true), ['status:ok']);
  return t + 100;
}

/** A user-level call: `tools/call` and friends, each a function (steps, c, t, rand). */
export const CALLS = {
  echo(s, c, t, rand, message = `hello ${Math.floor(rand() * 1e6)}`) {
    const id = c.nextId++;
    const token = `p${c.nextToken++}-${id}`;
    s.line(t, c, 'stdin', c.client.request(id, 'tools/call', { name: 'echo', arguments: { message } }, token), [
      'request',
      'method:tools/call',
    ]);
    const done = t + ms(rand, 2, 60);
    if (c.flow === 'handshake')
      s.line(
        done - 1,
        c,
        'stdout',
        c.server.notification('notifications/message', { level: 'info', data: { echoed: message }, logger: 'echo' }),
        ['notification'],
      );
    s.line(done, c, 'stdout', c.server.text(id, `Echo: ${message}`), ['status:ok']);
  },
  add(s, c, t, rand) {
    const a = Math.floor(rand() * 1000);
    const b = Math.floor(rand() * 1000);
    simpleCall(s, c, t, rand, { name: 'add', arguments: { a, b } }, (id) => c.server.text(id, `${a} + ${b} = ${a + b}`), 'status:ok');
  },
  fail(s, c, t, rand) {
    const text = 'The fail tool always fails: this is a tool-level error result, not a protocol error.';
    simpleCall(s, c, t, rand, { name: 'fail', arguments: {} }, (id) => c.server.text(id, text, true), 'status:isError');
  },
  unknownTool(s, c, t, rand) {
    simpleCall(
      s,
      c,
      t,
      rand,
      { name: 'no_such_tool', arguments: {} },
      (id) => c.server.error(id, -32602, 'Tool no_such_tool not found'),
      'status:error',
    );
  },
  unknownMethod(s, c, t, rand) {
    const id = c.nextId++;
    s.line(t, c, 'stdin', c.client.request(id, 'resources/templates/lis'), ['request', 'method:resources/templates/lis']);
    s.line(t + ms(rand, 1, 10), c, 'stdout', c.server.error(id, -32601, 'Method not found'), ['status:error']);
  },
  slow(s, c, t, rand, steps = 2 + Math.floor(rand() * 6), delayMs = Math.round(ms(rand, 80, 1500))) {
    const id = c.nextId++;
    const token = `p${c.nextToken++}-${id}`;
    s.line(t, c, 'stdin', c.client.request(id, 'tools/call', { name: 'slow', arguments: { steps, delayMs } }, token), [
      'request',
      'method:tools/call',
    ]);
    for (let step = 1; step <= steps; step++) {
      t += delayMs + ms(rand, 0.5, 4);
      s.line(
        t,
        c,
        'stdout',
        c.server.notification('notifications/progress', {
          progressToken: token,
          progress: step,
          total: steps,
          message: `Step ${step} of ${steps}`,
        }),
        ['progress'],
      );
    }
    s.line(t + ms(rand, 0.3, 3), c, 'stdout', c.server.text(id, `Done after ${steps} steps`), ['status:ok']);
  },
  /** The app gives up on a call after its timeout and says so on the wire; the server stops. */
  timeout(s, c, t, rand) {
    const id = c.nextId++;
    const token = `p${c.nextToken++}-${id}`;
    const timeoutMs = 1000;
    s.line(t, c, 'stdin', c.client.request(id, 'tools/call', { name: 'slow', arguments: { steps: 1, delayMs: 5000 } }, token), [
      'request',
      'method:tools/call',
    ]);
    t += timeoutMs + ms(rand, 0.2, 3);
    s.line(t, c, 'stdin', c.client.notification('notifications/cancelled', { requestId: id, reason: `timed out after ${timeoutMs} ms` }), [
      'status:timeout',
      'notification',
    ]);
    s.line(t + ms(rand, 1, 5), c, 'stderr', `mcp-lens-demo: slow cancelled after 0 of 1 steps (${era(c)})`, ['stderr']);
  },
  userCancel(s, c, t, rand) {
    const id = c.nextId++;
    const token = `p${c.nextToken++}-${id}`;
    const steps = 20;
    const delayMs = 400;
    s.line(t, c, 'stdin', c.client.request(id, 'tools/call', { name: 'slow', arguments: { steps, delayMs } }, token), [
      'request',
      'method:tools/call',
    ]);
    const done = 1 + Math.floor(rand() * 5);
    for (let step = 1; step <= done; step++)
      s.line(
        t + step * delayMs + 1,
        c,
        'stdout',
        c.server.notification('notifications/progress', {
          progressToken: token,
          progress: step,
          total: steps,
          message: `Step ${step} of ${steps}`,
        }),
        ['progress'],
      );
    t += done * delayMs + ms(rand, 50, 350);
    s.line(t, c, 'stdin', c.client.notification('notifications/cancelled', { requestId: id, reason: 'cancelled by the user' }), [
      'status:cancelled',
      'notification',
    ]);
    s.line(t + ms(rand, 1, 5), c, 'stderr', `mcp-lens-demo: slow cancelled after ${done} of ${steps} steps (${era(c)})`, ['stderr']);
  },
  /** confirm_action: an elicitation round trip (handshake) or an input_required round and its retry (stateless). */
  confirm(s, c, t, rand) {
    const action = ['deploy', 'drop the cache', 'rotate keys', 'send the report'][Math.floor(rand() * 4)];
    const accept = rand() < 0.8;
    const id = c.nextId++;
    const token = `p${c.nextToken++}-${id}`;
    const args = { name: 'confirm_action', arguments: { action } };
    const verdict = `${accept ? 'Confirmed' : 'Declined'}: ${action}`;
    s.line(t, c, 'stdin', c.client.request(id, 'tools/call', args, token), ['request', 'method:tools/call']);
    const asked = t + ms(rand, 5, 40);
    const answered = asked + ms(rand, 400, 4000);
    const answer = accept ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
    if (c.flow === 'handshake') {
      const round = {};
      s.line(asked, c, 'stdout', () => c.server.elicit((round.sid = c.nextServerId++), action, 0), ['server-request']);
      s.line(answered, c, 'stdin', () => c.client.answer(round.sid, answer), []);
      s.line(answered + ms(rand, 2, 10), c, 'stdout', c.server.text(id, verdict), ['status:ok']);
    } else {
      const state = `v1.${Buffer.from(JSON.stringify({ p: { action }, exp: Math.floor(t / 1000) + 600 })).toString('base64url')}.${Math.floor(rand() * 1e12).toString(36)}`;
      s.line(asked, c, 'stdout', c.server.inputRequired(id, action, state), ['status:input_required']);
      const retry = {};
      s.line(
        answered,
        c,
        'stdin',
        () => {
          retry.id = c.nextId++;
          return c.client.request(
            retry.id,
            'tools/call',
            { ...args, inputResponses: { confirm: answer }, requestState: state },
            `p${c.nextToken++}-${retry.id}`,
          );
        },
        ['request', 'method:tools/call', 'retry'],
      );
      s.line(answered + ms(rand, 5, 40), c, 'stdout', () => c.server.text(retry.id, verdict), ['status:ok']);
    }
  },
  listTools(s, c, t, rand) {
    simpleRequest(s, c, t, rand, 'tools/list', undefined, (id) => c.server.result(id, { tools: TOOLS_LIST }, true));
  },
  listResources(s, c, t, rand) {
    const resources = [{ uri: 'info://server-info', name: 'server-info', title: 'Server info', mimeType: 'application/json' }];
    simpleRequest(s, c, t, rand, 'resources/list', undefined, (id) => c.server.result(id, { resources }, true));
  },
  readResource(s, c, t, rand) {
    const uri = 'info://server-info';
    const text = JSON.stringify({ name: 'mcp-lens-demo', era: era(c), pid: c.pid, uptimeMs: Math.round(t) % 1e7 });
    simpleRequest(s, c, t, rand, 'resources/read', { uri }, (id) =>
      c.server.result(id, { contents: [{ uri, mimeType: 'application/json', text }] }, true),
    );
  },
  getPrompt(s, c, t, rand) {
    const topic = ['timelines', 'exchanges', 'flows'][Math.floor(rand() * 3)];
    const messages = [{ role: 'user', content: { type: 'text', text: `Summarize what we know about ${topic}.` } }];
    simpleRequest(s, c, t, rand, 'prompts/get', { name: 'summarize', arguments: { topic } }, (id) =>
      c.server.result(id, { description: 'Summarize a topic', messages }),
    );
  },
  /** ping: answered in the handshake flow; the stateless revision removed it (-32601). */
  ping(s, c, t, rand) {
    const reply = c.flow === 'handshake' ? (id) => c.server.result(id, {}) : (id) => c.server.error(id, -32601, 'Method not found');
    simpleRequest(s, c, t, rand, 'ping', undefined, reply, c.flow === 'handshake' ? 'status:ok' : 'status:error');
  },
  log(s, c, t, rand) {
    const data = { cache: ['hit', 'miss', 'evict'][Math.floor(rand() * 3)], key: `k${Math.floor(rand() * 5000)}` };
    s.line(t, c, 'stdout', c.server.notification('notifications/message', { level: 'debug', data, logger: 'cache' }), ['notification']);
  },
  stderr(s, c, t, rand) {
    const texts = [
      `mcp-lens-demo: gc pause ${Math.round(ms(rand, 1, 40))} ms`,
      'mcp-lens-demo: warn: slow disk',
      `mcp-lens-demo: handled ${Math.floor(rand() * 1e5)} requests`,
    ];
    s.line(t, c, 'stderr', texts[Math.floor(rand() * texts.length)], ['stderr']);
  },
};

function simpleCall(s, c, t, rand, params, reply, status) {
  const id = c.nextId++;
  s.line(t, c, 'stdin', c.client.request(id, 'tools/call', params, `p${c.nextToken++}-${id}`), ['request', 'method:tools/call']);
  s.line(t + ms(rand, 1, 40), c, 'stdout', reply(id), [status]);
}

function simpleRequest(s, c, t, rand, method, params, reply, status = 'status:ok') {
  const id = c.nextId++;
  s.line(t, c, 'stdin', c.client.request(id, method, params), ['request', `method:${method}`]);
  s.line(t + ms(rand, 1, 25), c, 'stdout', reply(id), [status]);
}

/** How often each call is made, relative to the others. */
export const CALL_WEIGHTS = {
  echo: 30,
  add: 18,
  log: 14,
  stderr: 8,
  slow: 8,
  fail: 4,
  readResource: 3,
  listTools: 2,
  listResources: 2,
  getPrompt: 2,
  unknownTool: 2,
  confirm: 3,
  ping: 1.5,
  unknownMethod: 1,
  userCancel: 0.6,
  timeout: 0.4,
};
