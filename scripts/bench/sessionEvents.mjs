// Synthetic bridge events for the session-model benchmark: what a long debugging session on
// a few demo-server connections looks like in the journal. Handshake flow on every connection
// (spawn, connect note, initialize, notifications/initialized, tools/list), then tools/call
// traffic: plain echo calls, `slow` calls with a progress token and three progress
// notifications each, and the odd stderr line. Every message is well-formed and paired, so the
// linter has real work (pairing, result checks) but nothing to report.

const PROTOCOL = '2025-11-25';

const TOOLS_RESULT = {
  tools: [
    {
      name: 'echo',
      title: 'Echo',
      description: 'Returns the message it was given.',
      inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'Text to echo back' } }, required: ['message'] },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    {
      name: 'slow',
      title: 'Slow',
      description: 'Works through a number of steps, sending notifications/progress after each one.',
      inputSchema: { type: 'object', properties: { steps: { type: 'integer', minimum: 1, maximum: 20 } } },
    },
    {
      name: 'add',
      title: 'Add',
      description: 'Adds two numbers.',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    },
  ],
};

/**
 * Builds `total` events (seq 0..total-1) spread round-robin over `conns` connections, a block
 * of one call at a time per connection so requests and answers interleave across connections.
 * Returns the events and a census by category.
 */
export function buildSessionEvents(total, conns = 3) {
  const events = new Array(total);
  const census = {
    'client request': 0,
    'server result': 0,
    'progress notification': 0,
    'stderr line': 0,
    'client notification': 0,
    other: 0,
  };
  let seq = 0;
  let t = 1_750_000_000_000;
  const push = (event, category) => {
    if (seq >= total) return;
    event.seq = seq++;
    event.t = t += 0.05;
    events[event.seq] = event;
    census[category]++;
  };
  const line = (conn, stream, value, category) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    push({ seq: 0, t: 0, conn, kind: 'line', stream, text, eol: '\n', size: Buffer.byteLength(text) }, category);
  };

  const state = [];
  for (let c = 0; c < conns; c++) {
    const conn = `c${c + 1}`;
    push({ seq: 0, t: 0, conn, kind: 'note', topic: 'connect.start', data: { choice: 'handshake' } }, 'other');
    push(
      {
        seq: 0,
        t: 0,
        conn,
        kind: 'spawn',
        config: { command: '/usr/bin/node', args: ['dist/node/demo/server.js'], env: {} },
        pid: 40_000 + c,
      },
      'other',
    );
    line(conn, 'stderr', `mcp-lens-demo: ready on stdio (pid ${40_000 + c})`, 'stderr line');
    line(
      conn,
      'stdin',
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'mcp-lens', version: '0.1.0' } },
      },
      'client request',
    );
    line(
      conn,
      'stdout',
      {
        result: {
          protocolVersion: PROTOCOL,
          capabilities: {
            tools: { listChanged: true },
            resources: { listChanged: true },
            prompts: { listChanged: true },
            logging: {},
            completions: {},
          },
          serverInfo: { name: 'mcp-lens-demo', title: 'MCP Lens demo server', version: '0.1.0' },
        },
        jsonrpc: '2.0',
        id: 0,
      },
      'server result',
    );
    line(conn, 'stdin', { jsonrpc: '2.0', method: 'notifications/initialized' }, 'client notification');
    push(
      { seq: 0, t: 0, conn, kind: 'note', topic: 'connect.done', data: { outcome: { flow: 'handshake', protocolVersion: PROTOCOL } } },
      'other',
    );
    line(conn, 'stdin', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, 'client request');
    line(conn, 'stdout', { result: TOOLS_RESULT, jsonrpc: '2.0', id: 1 }, 'server result');
    state.push({ conn, nextId: 2 });
  }

  // Per ten calls on a connection: 6 echo, 1 add (structured content checked against its
  // outputSchema), 3 slow with progress; three stderr lines. About 31% requests, 31% results,
  // 28% progress, 9% stderr.
  let round = 0;
  while (seq < total) {
    for (const s of state) {
      if (seq >= total) break;
      const id = s.nextId++;
      const kind = id % 10;
      const conn = s.conn;
      if (kind === 3 || kind === 6 || kind === 9) {
        const token = `${conn}-p${id}`;
        line(
          conn,
          'stdin',
          { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'slow', arguments: { steps: 3 }, _meta: { progressToken: token } } },
          'client request',
        );
        for (let step = 1; step <= 3; step++) {
          line(
            conn,
            'stdout',
            {
              method: 'notifications/progress',
              params: { progressToken: token, progress: step, total: 3, message: `Step ${step} of 3` },
              jsonrpc: '2.0',
            },
            'progress notification',
          );
        }
        line(conn, 'stdout', { result: { content: [{ type: 'text', text: 'Finished 3 steps.' }] }, jsonrpc: '2.0', id }, 'server result');
        line(conn, 'stderr', `mcp-lens-demo: slow finished 3 steps (call ${id})`, 'stderr line');
      } else if (kind === 5) {
        line(
          conn,
          'stdin',
          { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'add', arguments: { a: id, b: 2 } } },
          'client request',
        );
        line(
          conn,
          'stdout',
          { result: { content: [{ type: 'text', text: `${id + 2}` }], structuredContent: { sum: id + 2 } }, jsonrpc: '2.0', id },
          'server result',
        );
      } else {
        const message = `hello ${round} from ${conn}`;
        line(
          conn,
          'stdin',
          { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { message } } },
          'client request',
        );
        line(conn, 'stdout', { result: { content: [{ type: 'text', text: `Echo: ${message}` }] }, jsonrpc: '2.0', id }, 'server result');
      }
    }
    round++;
  }
  return { events, census };
}
